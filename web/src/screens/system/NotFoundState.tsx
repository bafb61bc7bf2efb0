/**
 * The one not-found state of every record address (issue 27; DECISIONS LP-005/CW-060/PERM-024): a
 * record that is missing, outside the user's brands, or asked for by an id that is no id
 * (`/colorway/abc`) shows this page where it was asked for. The address stays in the bar (no
 * redirect), the breadcrumb and the document title say what was not found, and the way back is the
 * record's list when it has one.
 */
import { usePageTitle } from '../../shell/page-title-store';
import { StatusPage } from './StatusPage';

export interface NotFoundStateProps {
  /** What was asked for, capitalised as a title: 'Colorway', 'Transfer Checklist'. */
  what: string;
  /** The screen's own sentence where the specification gives one ('Pattern Invalid: …'); else 'The {what} was not found.' */
  text?: string;
  /** The list the record belongs to. */
  back?: { to: string; label: string };
}

export const notFoundTitle = (what: string) => `${what} not found`;

export function NotFoundState({ what, text, back }: NotFoundStateProps) {
  usePageTitle(notFoundTitle(what));
  return (
    <StatusPage title={notFoundTitle(what)} tone="warn" back={back}>
      <p data-testid="not-found">{text ?? `The ${what} was not found.`} It may never have existed, or the address is mistyped.</p>
    </StatusPage>
  );
}
