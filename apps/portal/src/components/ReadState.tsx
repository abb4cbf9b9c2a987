/**
 * What a read shows until its answer is here: what went wrong, with a retry, or a spinner (small
 * under a grid's row). A screen writes `if (read.status === 'failed' || !read.data) return
 * <ReadState read={read} />;` and goes on with the data.
 */
import { ErrorState, Spinner } from '@tawqi/ui';
import type { Read } from '../queries.js';

export function ReadState({ read, small = false }: { read: Read<unknown>; small?: boolean }) {
  if (read.status === 'failed')
    return <ErrorState message={read.message} retryAt={read.retryAt} onRetry={read.reload} />;
  return <Spinner {...(small ? { size: 'small' as const } : {})} showLabel />;
}
