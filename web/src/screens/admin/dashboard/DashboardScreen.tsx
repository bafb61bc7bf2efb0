/** /home (PREF-001..004): the user's chosen widgets in their order, first-run help, and Customize. */
import { useState } from 'react';
import useSWR from 'swr';
import { can } from '../../../auth/permissions';
import { useSessionStore } from '../../../auth/session-store';
import { UploadButton } from '../../../components/upload/UploadButton';
import { PageHeader } from '../../../shell/PageHeader';
import { AccountWidget } from './AccountWidget';
import { CustomizeDialog } from './CustomizeDialog';
import { StartupHelp } from './StartupHelp';
import { WidgetCard, type Widget } from './Widgets';
import '../common/admin.css';

export function DashboardScreen() {
  const session = useSessionStore((s) => s.session);
  const { data: available } = useSWR<Widget[]>('/api/Dashboard/AvailableWidgets');
  const { data: prefs, mutate } = useSWR<{ Widgets: number[] }>('/api/UserPreference/GetDashboardPreferences');
  const [customizing, setCustomizing] = useState(false);
  if (!session) return null;
  const widgets = (prefs?.Widgets ?? []).map((id) => available?.find((w) => w.WidgetId === id)).filter((w): w is Widget => !!w);
  return (
    <>
      <PageHeader
        title={`Welcome, ${session.firstName || session.userName}`}
        subtitle="Your workbench at a glance."
        actions={
          <>
            {/* FLASH-026, DECISIONS PERM-026: the mass forecast upload needs forecasting edit (16/2). */}
            {can(session.userPermissions, 'forecasting', 'edit') && <UploadButton kind="forecast" label="Mass forecast upload" />}
            {available && prefs && (
              <button type="button" className="btn btn--small" onClick={() => setCustomizing(true)}>
                Customize
              </button>
            )}
          </>
        }
      />
      <StartupHelp />
      <div className="dashboard">
        <AccountWidget />
        {widgets.map((w) => (
          <WidgetCard key={w.WidgetId} widget={w} />
        ))}
      </div>
      {customizing && available && prefs && (
        <CustomizeDialog
          available={available}
          chosen={prefs.Widgets}
          onClose={(saved) => {
            setCustomizing(false);
            if (saved) void mutate({ Widgets: saved }, { revalidate: false });
          }}
        />
      )}
    </>
  );
}
