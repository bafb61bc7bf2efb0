/** The app's data router (needed for useBlocker, SHELL-021), registered for navigation outside React. */
import { createBrowserRouter } from 'react-router-dom';
import { registerNavigate } from '../api/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

registerNavigate((to, options) => router.navigate(to, options));
