/** Steps on a DataGrid shared by the grid e2e files. */
import type { Page } from 'playwright-core';

/** Ctrl+Shift+F, type the column title, Enter: the grid scrolls to that column and selects its first cell. */
export async function goToColumn(page: Page, title: string) {
  await page.keyboard.press('Control+Shift+KeyF');
  const dialog = page.getByRole('dialog', { name: 'Find a column' });
  const input = dialog.getByRole('textbox', { name: 'Column' });
  await input.fill(title);
  await input.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

/** Pastes text as the browser would from the clipboard, on the focused element. */
export async function paste(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
