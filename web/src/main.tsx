import { createRoot } from 'react-dom/client';
import './app/i18n';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(<App />);
