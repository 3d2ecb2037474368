import { colorObjectsOf, DEFAULT_PALETTE, type TenantBranding } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicShell } from '../../components/PublicShell';
import { getBrandingState, setCompanyBranding, setPlatformBranding } from '../../lib/branding';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { CustomizePage } from './pages/CustomizePage';

const COMPANY: TenantBranding = {
  platform: false,
  appName: { value: 'Central Atende', inherited: true },
  logo: { url: '/branding/files/platformlogo00000000000000000000000', inherited: true },
  favicon: { url: null, inherited: true },
  background: { url: null, inherited: true },
  systemColors: { systemColors: colorObjectsOf({ ...DEFAULT_PALETTE, primary: '#5c67f2' }), inherited: true },
};

beforeEach(() => signInAs('admin', { tenantId: 5 }));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenSize(1280);
  setCompanyBranding(null);
});

describe('/customizar', () => {
  it('shows what a company inherits and saves its own name, colours and logo', async () => {
    let current = COMPANY;
    const api = fakeApi({
      'GET /tenants/branding/': () => ({ body: current }),
      'PUT /tenants/branding/': (call: ApiCall) => {
        current = { ...current, appName: { value: (call.body as { appName: string }).appName, inherited: false } };
        return { body: current };
      },
      'PUT /tenants/systemColors/': () => ({ body: { systemColors: COMPANY.systemColors.systemColors, inherited: false } }),
      'PUT /tenants/branding/logo': () => {
        current = { ...current, logo: { url: '/branding/files/companylogo0000000000000000000000', inherited: false } };
        return { body: current };
      },
    });
    const { user } = renderWithApp(<CustomizePage />);
    expect(await screen.findByText('Personalizar')).toBeInTheDocument();
    expect(screen.getByText(/O nome, as cores, o logo e o ícone que os usuários da sua empresa veem/)).toBeInTheDocument();
    // Not the platform's: no login background here.
    expect(screen.queryByTestId('branding-background')).toBeNull();
    expect(screen.getAllByText('Da plataforma').length).toBeGreaterThanOrEqual(3);

    await user.type(screen.getByLabelText('Nome'), 'Loja Azul');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/tenants/branding/')?.body).toEqual({ appName: 'Loja Azul' }),
    );

    const primary = screen.getByLabelText('Primária');
    expect(primary).toHaveValue('#5c67f2');
    await user.clear(primary);
    await user.type(primary, '#e8590c');
    await user.click(screen.getByRole('button', { name: 'Salvar cores' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/tenants/systemColors/')).toBe(true));
    const colours = api.calls.find((c) => c.path === '/tenants/systemColors/')!.body as Record<string, string>[];
    expect(colours).toHaveLength(8);
    expect(colours[0]).toEqual({ label: 'Primary', primary: '#e8590c' });

    const logoCard = screen.getByTestId('branding-logo');
    const input = logoCard.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/tenants/branding/logo')).toBe(true));
    const form = api.calls.find((c) => c.path === '/tenants/branding/logo')!.body as FormData;
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(await within(screen.getByTestId('branding-logo')).findByText('Personalizado')).toBeInTheDocument();
  });

  it('for the platform, offers the login background too, and refuses a colour that is not one before sending', async () => {
    signInAs('superadmin', { tenantId: 1 });
    const api = fakeApi({ 'GET /tenants/branding/': () => ({ body: { ...COMPANY, platform: true } }) });
    const { user } = renderWithApp(<CustomizePage />);
    expect(await screen.findByTestId('branding-background')).toBeInTheDocument();
    expect(screen.getByText(/As empresas que não personalizarem nada usam estes/)).toBeInTheDocument();
    const warning = screen.getByLabelText('Aviso');
    await user.clear(warning);
    await user.type(warning, 'amarelo');
    await user.click(screen.getByRole('button', { name: 'Salvar cores' }));
    expect(await screen.findByText('Informe uma cor como #12b886.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('fits a phone screen (390 px)', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /tenants/branding/': () => ({ body: COMPANY }) });
    renderWithApp(<CustomizePage />);
    expect(await screen.findByTestId('branding-logo')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Salvar cores' })).toBeVisible();
  });
});

describe('the branding at run time', () => {
  it('the login frame shows the platform name, logo and background; the palette becomes page colour variables, the name the title', async () => {
    setPlatformBranding({
      appName: 'Central Atende',
      logoUrl: '/branding/files/platformlogo00000000000000000000000',
      faviconUrl: null,
      iconUrls: null,
      backgroundUrl: '/branding/files/background00000000000000000000000',
      systemColors: colorObjectsOf({ ...DEFAULT_PALETTE, primary: '#5c67f2' }),
    });
    renderWithApp(<PublicShell>form</PublicShell>);
    expect(await screen.findByRole('heading', { name: 'Central Atende' })).toBeInTheDocument();
    expect(screen.getByTestId('brand-logo')).toHaveAttribute('src', '/branding/files/platformlogo00000000000000000000000');
    expect(screen.getByTestId('public-shell')).toHaveAttribute('data-background', '/branding/files/background00000000000000000000000');
    expect(document.documentElement.style.getPropertyValue('--q-primary')).toBe('#5c67f2');
    expect(document.title).toBe('Central Atende');
    // Signed in, the company's own palette wins; signed out, the platform's shows again.
    setCompanyBranding({
      appName: 'Loja Azul',
      logoUrl: null,
      faviconUrl: null,
      iconUrls: null,
      backgroundUrl: null,
      systemColors: colorObjectsOf({ ...DEFAULT_PALETTE, primary: '#e8590c' }),
    });
    expect(document.documentElement.style.getPropertyValue('--q-primary')).toBe('#e8590c');
    expect(getBrandingState().appName).toBe('Loja Azul');
    setCompanyBranding(null);
    expect(document.documentElement.style.getPropertyValue('--q-primary')).toBe('#5c67f2');
    expect((JSON.parse(localStorage.getItem('publicBranding') ?? '{}') as { appName?: string }).appName).toBe('Central Atende');
  });
});
