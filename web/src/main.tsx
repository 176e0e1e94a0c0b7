import { createRoot } from 'react-dom/client';
import './app/i18n';
import { App } from './app/App';
import { registerServiceWorker } from './app/serviceWorker';

createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();
