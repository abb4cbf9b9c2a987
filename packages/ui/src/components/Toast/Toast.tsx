import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { flushSync } from 'react-dom';
import { useUi } from '../../provider/UiProvider.js';
import { Button } from '../Button/Button.js';
import { iconButton } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import {
  actionRow,
  content,
  description as descriptionClass,
  icon,
  region,
  title as titleClass,
  toast,
} from './Toast.css.js';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface ToastMessage {
  variant: ToastVariant;
  title: string;
  description?: string;
  /** A toast with an action stays until dismissed, so the action cannot vanish unused. */
  action?: { label: string; onAction: () => void };
}

/** The behaviour asked of toasts (SPEC §9): at most 3 visible, each for 4000 ms. */
export const TOAST_LIMITS = { maxVisible: 3, timeoutMs: 4000 } as const;

/**
 * A queue of toasts for an app; show one with `queue.show(message)`. Timers pause while the
 * region is hovered or has focus (React Aria).
 */
export function createToastQueue(limits: { maxVisible?: number; timeoutMs?: number } = {}) {
  const timeout = limits.timeoutMs ?? TOAST_LIMITS.timeoutMs;
  const queue = new ToastQueue<ToastMessage>({
    maxVisibleToasts: limits.maxVisible ?? TOAST_LIMITS.maxVisible,
    // Updates outside a React event (a failed fetch) render at once, so the toast is announced.
    wrapUpdate: (update) => {
      flushSync(update);
    },
  });
  return {
    queue,
    show: (message: ToastMessage) => queue.add(message, message.action ? {} : { timeout }),
    close: (key: string) => {
      queue.close(key);
    },
    /** Closes every toast (a new screen state, a test or story starting afresh). */
    clear: () => {
      queue.clear();
    },
  };
}
export type AppToastQueue = ReturnType<typeof createToastQueue>;

const ICONS = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** Where the toasts of a queue appear: bottom inline-end, newest nearest the edge. */
export function Toaster({ toasts }: { toasts: AppToastQueue }) {
  const { t } = useUi();
  return (
    <ToastRegion queue={toasts.queue} className={region} aria-label={t('notifications')}>
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
