import './toasts.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear (the app's providers load it beside the first screen). */
export default function ToastContainer() {
  return <Notifications position="top-right" autoClose={3000} />;
}
