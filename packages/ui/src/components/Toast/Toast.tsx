import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useUNSAFE_PortalContext as usePortalContext } from 'react-aria/PortalProvider';
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
import { RetryCountdown } from '../parts/RetryCountdown.js';
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
import { withClassName, type ClassNameProp } from '../parts/className.js';

const ICONS = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

export interface ToasterProps extends ClassNameProp {
  /** The app's queue (`createToastQueue()`), whose toasts this region shows. */
  toasts: AppToastQueue;
}

/**
 * Where the toasts of a queue appear: bottom inline-end, newest nearest the edge. The region is
 * a landmark that F6 reaches (React Aria's landmark navigation).
 */
export function Toaster({ toasts, className }: ToasterProps) {
  const hasToasts = useSyncExternalStore(
    (onChange) => toasts.queue.subscribe(onChange),
    () => toasts.queue.visibleToasts.length > 0,
    () => false,
  );
  const { getContainer } = usePortalContext();
  // React Aria registers the region as a landmark when it mounts, and only if it is in the page
  // then; a region mounted empty (or before its container) stayed out of F6's reach. So it mounts
  // with its first toast, where it can show it.
  const canShow = hasToasts && (!getContainer || getContainer() !== null);
  return canShow ? <ToastList toasts={toasts} className={className} /> : null;
}

/**
 * F6 brings focus into the toasts from wherever it was. Where React Aria has no other landmark to
 * go on to (it would wrap round to the toasts themselves: a page without landmarks), F6 or
 * Shift+F6 takes it back to that place instead of keeping it in the toasts.
 */
function useWayBack(regionRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    let cameFrom: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !region.contains(from)) cameFrom = from;
    };
    // React Aria's event when landmark navigation would wrap round; cancelled, it moves nothing.
    const onWrap = (event: Event) => {
      if (!cameFrom?.isConnected) return;
      event.preventDefault();
      cameFrom.focus();
    };
    region.addEventListener('focusin', onFocusIn);
    region.addEventListener('react-aria-landmark-navigation', onWrap);
    return () => {
      region.removeEventListener('focusin', onFocusIn);
      region.removeEventListener('react-aria-landmark-navigation', onWrap);
    };
  }, [regionRef]);
}

function ToastList({ toasts, className }: { toasts: AppToastQueue } & ClassNameProp) {
  const { t } = useUi();
  const regionRef = useRef<HTMLDivElement>(null);
  useWayBack(regionRef);
  return (
    <ToastRegion
      ref={regionRef}
      queue={toasts.queue}
      className={withClassName(region, className)}
      aria-label={t('messages')}
    >
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
            {item.content.retryAt ? (
              <RetryCountdown until={item.content.retryAt} className={descriptionClass} />
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
