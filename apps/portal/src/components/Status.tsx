/**
 * A status as every screen shows it (issue 13, item 4: one way for every grid, individual and
 * organization alike): the code from the server, worded from the domain's one catalogue in the
 * active language, toned by its meaning, never by colour alone.
 */
import { statusWord, toneOf } from '@tawqi/domain';
import { StatusBadge } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { languageAtom } from '../state/atoms.js';

export function Status({ status }: { status: string }) {
  const language = useAtomValue(languageAtom);
  return <StatusBadge tone={toneOf(status)} label={statusWord(status, language)} />;
}
