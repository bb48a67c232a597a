/**
 * Staff's IPO offering set up through the API, for the IPO spec and scripts/ipo-screenshots.ts:
 * both need an offering open now, one with a prospectus, without clicking through staff's form.
 */
import type { APIRequestContext } from '@playwright/test';

const DAY = 86_400_000;

/** The smallest file the server takes as a PDF prospectus. */
export const PROSPECTUS_PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

export interface OfferingSetup {
  company: string;
  ticker?: string;
  prospectus_url?: string | null;
  shares_offered?: number;
  max_application?: string;
  lockup_days?: number;
  texts?: { description: string; risk: string };
  /** Close the application window too, as staff do before pricing. */
  close?: boolean;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, status: number, what: string) {
  if (response.status() !== status) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

/** An offering announced and open since a minute ago, $20.00 to $25.00 a share, allocated nine days from now. */
export async function openOffering(request: APIRequestContext, staff: Record<string, string>, setup: OfferingSetup): Promise<number> {
  const { company, ticker = 'VOLT', close = false, texts = { description: 'Builds grid-scale batteries.', risk: 'You can lose the whole amount.' } } = setup;
  const currencies = (await (await request.get('/api/currencies', { headers: staff })).json()) as Array<{ id: number; code: string }>;
  const now = Date.now();
  const created = await request.post('/api/admin/ipo/offerings', {
    headers: staff,
    data: {
      company,
      ticker,
      prospectus_url: setup.prospectus_url === undefined ? 'https://example.com/volt.pdf' : setup.prospectus_url,
      currency_id: currencies.find((c) => c.code === 'USD')!.id,
      price_min: '20',
      price_max: '25',
      shares_offered: setup.shares_offered ?? 10,
      min_application: '100',
      max_application: setup.max_application ?? '5000',
      opens_at: new Date(now - 60_000).toISOString(),
      closes_at: new Date(now + 7 * DAY).toISOString(),
      allocation_at: new Date(now + 9 * DAY).toISOString(),
      lockup_days: setup.lockup_days ?? 90,
      texts: { en: texts, ru: texts, ua: texts },
    },
  });
  const { id } = (await (await ok(created, 201, 'offering')).json()) as { id: number };
  for (const event of ['offering.announce', 'offering.open', ...(close ? ['offering.close'] : [])]) {
    await ok(await request.post(`/api/admin/ipo/offerings/${id}/steps`, { headers: staff, data: { event } }), 200, event);
  }
  return id;
}

/** Staff upload the offering's prospectus; clients download it under `name`. */
export async function uploadProspectus(request: APIRequestContext, staff: Record<string, string>, id: number, name: string): Promise<void> {
  const uploaded = await request.post(`/api/admin/ipo/offerings/${id}/prospectus`, {
    headers: staff,
    multipart: { file: { name, mimeType: 'application/pdf', buffer: PROSPECTUS_PDF } },
  });
  await ok(uploaded, 200, 'prospectus');
}
