/** The app's data router (needed for useBlocker, SHELL-021), registered for navigation outside React; the features' start hooks run once. */
import { createBrowserRouter } from 'react-router-dom';
import { registerNavigate } from '../api/navigation';
import { FEATURES } from '../features';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

registerNavigate((to, options) => router.navigate(to, options));

for (const f of FEATURES) f.start?.();
