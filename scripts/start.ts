/** `npm start`: the API (and, once built, the site) on one port, with demo data on first start. */
import '../apps/api/src/main.ts';
