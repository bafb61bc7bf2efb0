/** /errorPage: an unexpected failure, with the default error text (§8). */
import { DEFAULT_ERROR_TEXT } from '../../shell/toast-store';
import { StatusPage } from './StatusPage';

export function ErrorPageScreen() {
  return (
    <StatusPage title="Something went wrong" tone="error">
      <p>An unexpected error occurred. {DEFAULT_ERROR_TEXT}</p>
    </StatusPage>
  );
}
