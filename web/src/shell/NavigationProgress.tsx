/** A thin bar at the top while a lazily loaded screen is on its way. */
import { useNavigation } from 'react-router-dom';

export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return <div className={`nav-progress${busy ? ' nav-progress--busy' : ''}`} aria-hidden="true" />;
}
