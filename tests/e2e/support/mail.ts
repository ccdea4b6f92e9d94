import { expect, type APIRequestContext } from '@playwright/test';

/** The link of a path in the newest email of a template sent to an address (test mode only). */
export async function emailedLink(request: APIRequestContext, to: string, template: string, path: string): Promise<string> {
  let text = '';
  await expect(async () => {
    const res = await request.get(`/api/test/mail?to=${encodeURIComponent(to)}&template=${template}`);
    expect(res.status()).toBe(200);
    text = ((await res.json()) as { text: string }).text;
  }).toPass();
  const link = new RegExp(`https?://[^\\s\\]]+${path.replace(/[?/]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0];
  expect(link, `a ${path} link in the ${template} email`).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}
