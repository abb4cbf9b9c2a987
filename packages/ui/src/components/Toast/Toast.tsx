import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { Button } from '../Button/Button.js';
import { iconButton } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import type { AppToastQueue } from './queue.js';
import {
  actionRow,
  content,
  description as descriptionClass,
  icon,
  region,
  title as titleClass,
  toast,
} from './Toast.css.js';

const ICONS = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** Where the toasts of a queue appear: bottom inline-end, newest nearest the edge. */
export function Toaster({ toasts }: { toasts: AppToastQueue }) {
  const { t } = useUi();
  return (
    <ToastRegion queue={toasts.queue} className={region} aria-label={t('messages')}>
      {({ toast: item }) => (
        <AriaToast
          toast={item}
          className={toast({ variant: item.content.variant })}
          data-variant={item.content.variant}
        >
          <span className={icon({ variant: item.content.variant })}>
            <Icon name={ICONS[item.content.variant]} />
          </span>
          <ToastContent className={content}>
            <Text slot="title" className={titleClass}>
              {item.content.title}
            </Text>
            {item.content.description ? (
              <Text slot="description" className={descriptionClass}>
                {item.content.description}
              </Text>
            ) : null}
            {item.content.action ? (
              <div className={actionRow}>
                <Button
                  size="small"
                  variant="secondary"
                  onPress={() => {
                    item.content.action?.onAction();
                    toasts.close(item.key);
                  }}
                >
                  {item.content.action.label}
                </Button>
              </div>
            ) : null}
          </ToastContent>
          <AriaButton slot="close" className={iconButton} aria-label={t('dismiss')}>
            <Icon name="close" size={16} />
          </AriaButton>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
