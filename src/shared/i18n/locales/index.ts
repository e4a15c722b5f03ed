import type { Language } from '../languages';
import { de } from './de';
import { en, type Catalogue } from './en';
import { fr } from './fr';
import { ru } from './ru';
import { th } from './th';
import { zh } from './zh';

// Every catalogue: for the server (SSR, head texts) and tests only. The browser never imports
// this module; it gets its page's catalogue in the state script (see ../i18n.tsx).
export const CATALOGUES: Record<Language, Catalogue> = { en, ru, zh, de, fr, th };
