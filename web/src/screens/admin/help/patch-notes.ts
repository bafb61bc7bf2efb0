/** The patch notes shown on /patchNotes, newest release first. */
export const PATCH_NOTES = `
## Release 3.0 — Administration
### New
- User administration: user list with filters and export, access report, user editor with brands, factories and roles.
- Role editor with a permission matrix of modules and actions.
- System messages: schedule banners for the sign-in page and signed-in users.
- Error log with filters, details, shareable links and the Ctrl+Shift+E shortcut.
- User profile: defaults, workflow notifications and the field-layout editor.
- Dashboard widgets you can choose and order, and first-run help.
- Library entries, quarterly forecast settings, site map and help.
### Changed
- The home page is now a configurable dashboard.
## Release 2.0 — Grids
### New
- Spreadsheet grids with paste from Excel, column chooser, export to Excel.
- Record screens built from the schema layouts.
## Release 1.0 — Foundation
### New
- Sign-in, password rules, session upkeep across tabs, themes.
`;
