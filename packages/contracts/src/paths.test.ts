import { describe, expect, it } from 'vitest';
import { languageOfPath, pageFrameOf, pathInLanguage, paths, SERVER_RENDERED_PATHS } from './paths.ts';

describe("the pages the server draws by the web's rules", () => {
  it('renders the login screen on the server in each language, at the address the web writes for it', () => {
    expect(SERVER_RENDERED_PATHS).toEqual({ '/login': 'es', '/en/login': 'en' });
    for (const [path, language] of Object.entries(SERVER_RENDERED_PATHS)) {
      expect(pathInLanguage(language, paths.login)).toBe(path);
      expect(languageOfPath(path)).toBe(language);
    }
  });

  it('frames login and its "forgot" screen with the login card in any language prefix, every other page with a skeleton', () => {
    for (const path of ['/login', '/login/', '/en/login', '/es/login', '/password/forgot', '/en/password/forgot'])
      expect(pageFrameOf(path), path).toBe('login');
    for (const path of [
      '/',
      '/en',
      '/home',
      '/en/home',
      '/password/recover',
      '/loginx',
      '/signup',
      '/benefit/3/booking',
    ])
      expect(pageFrameOf(path), path).toBe('page');
  });
});
