/** /displayUserMessage?title&message: a message for a signed-in user (no countdown, unlike /displayMessage). */
import { useSearchParams } from 'react-router-dom';
import { StatusPage } from './StatusPage';

export function DisplayUserMessageScreen() {
  const [params] = useSearchParams();
  return <StatusPage title={params.get('title') || 'Message'}>{params.get('message') && <p>{params.get('message')}</p>}</StatusPage>;
}
