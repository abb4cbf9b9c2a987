import { Button as AriaButton, Heading } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { iconButton } from './field.css.js';
import { Icon } from './Icon.js';

/** A modal's title (which names it) and its close button: shared by Dialog and Drawer. */
export function ModalTitleBar({
  title,
  className,
  titleClassName,
}: {
  title: string;
  className: string;
  titleClassName: string;
}) {
  const { t } = useUi();
  return (
    <div className={className}>
      <Heading slot="title" className={titleClassName}>
        {title}
      </Heading>
      <AriaButton slot="close" className={iconButton} aria-label={t('close')}>
        <Icon name="close" />
      </AriaButton>
    </div>
  );
}
