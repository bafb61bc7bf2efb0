/**
 * Once per e2e run, before the files start (two run at a time): the web build and the data
 * directory every server starts on, so the files' workers never build them at the same time.
 */
import { prepareServers } from './app-server';

export default async function setup() {
  if (!process.env.E2E_BASE_URL) await prepareServers();
}
