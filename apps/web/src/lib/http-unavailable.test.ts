import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./notify', () => ({ notifyWarning: vi.fn(), notifyError: vi.fn(), notifySuccess: vi.fn(), notifyApiError: vi.fn() }));

const { http } = await import('./http');
const { notifyWarning } = await import('./notify');
const { ApiError } = await import('./errors');
const i18n = (await import('./i18n')).default;

const unavailable = () =>
  new Response(JSON.stringify({ error: 'ERR_SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable.' }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
  });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the HTTP client while the server says 503 (its database restarting)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('pt');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(notifyWarning).mockClear();
  });

  it('retries a GET after Retry-After and shows nothing when it then succeeds', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(ok({ tickets: [] }));
    vi.stubGlobal('fetch', fetch);
    const started = Date.now();
    await expect(http.get('/tickets')).resolves.toEqual({ tickets: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(notifyWarning).not.toHaveBeenCalled();
  });

  it('gives up after two retries of a GET and tells the user in their language', async () => {
    const fetch = vi.fn().mockImplementation(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    await expect(http.get('/tickets')).rejects.toMatchObject({ status: 503, code: 'ERR_SERVICE_UNAVAILABLE', handled: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(notifyWarning).toHaveBeenCalledWith(
      'O serviço está indisponível por um instante. Tente novamente em alguns segundos.',
      'http-ERR_SERVICE_UNAVAILABLE',
    );
  });

  it('never repeats a POST by itself (it may have been applied): the user is told and decides', async () => {
    const fetch = vi.fn().mockImplementation(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const error = await http.post('/messages/1', { body: 'Olá' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(notifyWarning).toHaveBeenCalledTimes(1);
  });
});
