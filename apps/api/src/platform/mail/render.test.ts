import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { createMailRenderer, escapeHtml, programPublicOrigin } from './render.ts';
import { MAIL_KINDS } from '../../test/mail-kinds.ts';

const renderer = createMailRenderer({
  programsDir: testConfig().PROGRAMS_DIR,
  publicUrl: 'http://localhost:3000',
  kinds: MAIL_KINDS,
});
const LINK = 'http://alivio.localhost:3000/password/recover?n=abc&s=def';

describe('mail rendering', () => {
  it('renders a mail for a reader of no known language in Spanish, then English, in one mail (the bulk-opening alert)', () => {
    const link = 'http://alivio.localhost:3000/staff/members/abc';
    const payload = { link, memberName: 'Ana Soto', memberEmail: 'ana@alivio.example', count: '51' };
    const mail = renderer.render('alivio', { kind: 'staff-bulk-opening', language: 'es', payload });
    expect(mail.subject).toBe(
      'Alivio: Ana Soto abrió 51 expedientes en una hora · Alivio: Ana Soto opened 51 records within an hour',
    );
    expect(mail.text.indexOf('La persona del personal Ana Soto')).toBeGreaterThanOrEqual(0);
    expect(mail.text.indexOf('The staff member Ana Soto')).toBeGreaterThan(mail.text.indexOf('El equipo de Alivio'));
    expect(mail.html.match(/<div role="article"/g)).toHaveLength(2);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('aria-roledescription="email" aria-label="Alivio: Ana Soto opened 51 records');
    expect(mail.html.indexOf('Ver el registro de accesos')).toBeLessThan(mail.html.indexOf('See the access log'));
  });

  it('renders a Spanish recovery mail with the program name, its branding and a clickable link', () => {
    const mail = renderer.render('alivio', { kind: 'password-reset', language: 'es', payload: { link: LINK } });

    expect(mail.subject).toBe('Cree una nueva contraseña para Alivio');
    expect(mail.text).toContain('cuenta de Alivio');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(mail.html).toContain('<a href="http://alivio.localhost:3000/password/recover?n=abc&amp;s=def"');
    expect(mail.html).toContain('src="http://alivio.localhost:3000/program/alivio/icons/mark.png" alt="Alivio"');
    expect(mail.html).toContain('#5B2A86');
    // The body's blank lines become paragraphs.
    expect(mail.html.match(/<p style=/g)?.length).toBeGreaterThanOrEqual(5);
    expect(mail.html).not.toContain('\n\n');
  });

  it('shows the recovery link as a button, and the call-center phones of the patient’s country', () => {
    const mail = renderer.render('alivio', {
      kind: 'password-reset',
      language: 'es',
      payload: { link: LINK, country: 'PA' },
    });
    // The HTML: a button with a label, not the long address as the link's text.
    expect(mail.html).toMatch(
      /<a href="[^"]+n=abc&amp;s=def" style="display:inline-block[^"]*">Crear nueva contraseña<\/a>/,
    );
    expect(mail.html).not.toContain('>http://alivio.localhost:3000/password/recover');
    expect(mail.html).toContain('<a href="tel:+5073001234"');
    expect(mail.text).toContain('Centro de atención: +507 300 1234');
    // The text version keeps the address (no buttons there).
    expect(mail.text).toContain(LINK);
    // Without a country (a mail queued before it was carried), the program's default country's phones.
    const older = renderer.render('alivio', { kind: 'password-reset', language: 'en', payload: { link: LINK } });
    expect(older.text).toContain('+506 4000 1234');
    expect(older.html).toContain('>Create a new password</a>');
  });

  it('renders in English with the program of the mail', () => {
    const mail = renderer.render('piel', { kind: 'password-changed', language: 'en', payload: {} });

    expect(mail.subject).toBe('Your Piel Plena password was changed');
    expect(mail.text).toContain('soporte@pielplena.example');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('#00695C');
    expect(mail.html).toContain('http://piel.localhost:3000/program/piel/icons/mark.png');
  });

  it('escapes a patient name that tries to inject HTML, in the body and in the subject line', () => {
    const patientName = '<img src=x onerror="alert(1)">\n\nBob & \'Ann\'';
    const mail = renderer.render('equilibrio', {
      kind: 'enrolment',
      language: 'en',
      payload: { patientName, link: 'http://equilibrio.localhost:3000/en/login' },
    });

    expect(mail.subject).toBe('Welcome to Equilibrio');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('onerror="');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt; Bob &amp; &#39;Ann&#39;,');
    expect(mail.html).toContain('<a href="http://equilibrio.localhost:3000/en/login"');
    // A value cannot add lines to the text either.
    expect(mail.text).toContain('Hello <img src=x onerror="alert(1)"> Bob & \'Ann\',');
  });

  it('never turns a link that is not http(s) into an anchor', () => {
    const mail = renderer.render('alivio', {
      kind: 'password-reset',
      language: 'en',
      payload: { link: 'javascript:alert(1)' },
    });
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.html).toContain('javascript:alert(1)');
  });

  it('renders the refill reminder in Spanish with the date mm/dd/yyyy, a button to the home and its calendar file', () => {
    const home = 'http://equilibrio.localhost:3000/home';
    const mail = renderer.render('equilibrio', {
      kind: 'refill-reminder',
      language: 'es',
      payload: {
        medicine: 'Metforal XR 750 mg',
        lastsUntil: '2026-12-03',
        calendarUid: 'refill-7-3104-equilibrio@portal',
        sequence: '2',
        link: home,
      },
    });
    expect(mail.subject).toBe('Su Metforal XR 750 mg debería alcanzarle hasta el 12/03/2026');
    expect(mail.text).toContain('su Metforal XR 750 mg debería alcanzarle hasta el 12/03/2026');
    expect(mail.text).toContain(home);
    expect(mail.html).toMatch(
      /<a href="http:\/\/equilibrio\.localhost:3000\/home" style="display:inline-block[^"]*">Abrir Equilibrio<\/a>/,
    );
    expect(mail.calendar).toMatchObject({ method: 'PUBLISH', filename: 'reminder.ics' });
    expect(mail.calendar!.content).toContain('UID:refill-7-3104-equilibrio@portal');
    expect(mail.calendar!.content).toContain('DTSTART;VALUE=DATE:20261203');
    expect(mail.calendar!.content).toContain('SUMMARY:Comprar Metforal XR 750 mg (Equilibrio)');
  });

  it('renders the pharmacy lookup alert to the admins with the pharmacy, the key prefix and the reason (decision 066)', () => {
    for (const [reason, sentence] of [
      ['dailyCap', 'llegó al límite diario de búsquedas por identificación'],
      ['misses', 'buscó varias identificaciones que no corresponden a ningún paciente inscrito'],
    ] as const) {
      const mail = renderer.render('alivio', {
        kind: 'pharmacy-lookup-alert',
        language: 'es',
        payload: { pharmacy: 'Farmacia Sol – Escazú', keyPrefix: 'psp_live_AbCd1234', reason },
      });
      expect(mail.subject).toBe('Alivio: una farmacia busca pacientes por identificación demasiadas veces');
      expect(mail.text).toContain('La llave psp_live_AbCd1234 de Farmacia Sol – Escazú');
      expect(mail.text).toContain(sentence);
    }
  });

  // Issue 38: "…llame al centro de atención: Centro de atención: +507 300 9876" and "…a las 9:25 a. m..".
  const BOOKING = {
    firstName: 'Ana',
    place: 'booking.place.video',
    address: '',
    startsAt: '2026-12-03T15:25:00.000Z',
    endsAt: '2026-12-03T15:55:00.000Z',
    calendarUid: 'booking-render@portal',
    sequence: '0',
    cutoffHours: '12',
  };
  const BOOKING_MAILS = ['booking-confirmed', 'booking-rescheduled', 'booking-cancelled', 'booking-reminder'] as const;
  const ZONES: Record<string, string> = { alivio: 'America/Costa_Rica', piel: 'America/Mexico_City' };

  it('names each call-center phone once in every mail, whatever the country and the language', () => {
    const programsDir = testConfig().PROGRAMS_DIR;
    for (const slug of ['alivio', 'piel', 'equilibrio']) {
      const phones = JSON.parse(readFileSync(path.join(programsDir, slug, 'phones/phones.json'), 'utf8')) as Record<
        string,
        { labelKey: string }[]
      >;
      for (const language of ['es', 'en'] as const) {
        const texts = JSON.parse(
          readFileSync(path.join(programsDir, slug, `texts/text-${language}.json`), 'utf8'),
        ) as Record<string, string>;
        for (const [country, list] of Object.entries(phones)) {
          const mails = [
            ...BOOKING_MAILS.map((kind) =>
              renderer.render(slug, {
                kind,
                language,
                payload: {
                  ...BOOKING,
                  serviceKey: `benefits.catalogue.${slug === 'alivio' ? 1201 : slug === 'piel' ? 2202 : 3201}.title`,
                  timeZone: ZONES[slug] ?? 'America/Panama',
                  country,
                },
              }),
            ),
            renderer.render(slug, { kind: 'password-reset', language, payload: { link: LINK, country } }),
          ];
          for (const mail of mails)
            for (const { labelKey } of list) {
              const label = texts[labelKey]!.toLocaleLowerCase(language);
              const times = (text: string) => text.toLocaleLowerCase(language).split(label).length - 1;
              const expected = list.filter((phone) => phone.labelKey === labelKey).length;
              // Once per phone where the mail gives the phones (a cancellation gives none), never again before them.
              expect(times(mail.text), `${slug} ${language} ${country} ${mail.subject}: ${label}`).toBe(
                mail.text.includes('+') ? expected : 0,
              );
            }
        }
      }
    }
  });

  it('ends a sentence after a time that ends in a period ("a. m.") with one period, in the mails and the texts', () => {
    const payload = {
      ...BOOKING,
      serviceKey: 'benefits.catalogue.1201.title',
      timeZone: 'America/Costa_Rica',
      country: 'CR',
      startsAt: '2026-12-03T15:25:00.000Z',
    };
    for (const kind of BOOKING_MAILS) {
      const text = renderer.renderText('alivio', { kind, language: 'es', payload })!;
      expect(text).toContain('9:25');
      expect(text, kind).not.toMatch(/\.\./);
      const mail = renderer.render('alivio', { kind, language: 'es', payload });
      expect(mail.text, kind).not.toMatch(/[^.]\.\.(?!\.)/);
      expect(mail.html, kind).not.toMatch(/[^.]\.\.(?!\.)/);
    }
    expect(renderer.renderText('alivio', { kind: 'booking-confirmed', language: 'es', payload })).toMatch(
      /9:25\sa\.\s?m\.$/,
    );
  });

  it('has every text of every kind the modules declare, in each program and language', () => {
    const programsDir = testConfig().PROGRAMS_DIR;
    const missing: string[] = [];
    for (const slug of readdirSync(programsDir))
      for (const language of ['es', 'en'] as const) {
        const texts = JSON.parse(
          readFileSync(path.join(programsDir, slug, 'texts', `text-${language}.json`), 'utf8'),
        ) as Record<string, string>;
        for (const kind of MAIL_KINDS)
          for (const key of [...Object.values(kind.texts), ...(kind.textNotice ? [kind.textNotice.key] : [])])
            if (texts[key] === undefined) missing.push(`${slug}/${language}: ${kind.name} ${key}`);
      }
    expect(missing).toEqual([]);
  });

  it('refuses a kind no module declares, and a program that does not exist', () => {
    expect(() =>
      renderer.render('alivio', { kind: 'password-reset-v2', language: 'es', payload: { link: LINK } }),
    ).toThrow('no module declares the mail kind password-reset-v2');
    expect(() =>
      renderer.render('../etc', { kind: 'password-reset', language: 'es', payload: { link: LINK } }),
    ).toThrow();
  });

  it('builds the program origin from PUBLIC_URL, with the subdomain unless the host is an address', () => {
    expect(programPublicOrigin('https://portal.example', 'piel')).toBe('https://piel.portal.example');
    expect(programPublicOrigin('http://127.0.0.1:3000', 'piel')).toBe('http://127.0.0.1:3000');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
