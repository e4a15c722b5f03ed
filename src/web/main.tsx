import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder entry: the public site replaces this.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Martial arts gym</h1>
    </main>
  </StrictMode>,
);
