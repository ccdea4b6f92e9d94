import { readFileSync } from 'node:fs';
import path from 'node:path';
import { actionReturnValue, encodeReply } from '../../../scripts/scale/drills/server';

// Calls a server action the way the portal's own pages do (React's wire format, the action's id
// from the build), so a test can send what a page would never send: another person's record, a
// forged header. The action's id comes from the production build's manifest.
let manifest: { node: Record<string, { exportedName?: string }> } | undefined;

export function actionId(name: string): string {
  manifest ??= JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8'));
  const id = Object.entries(manifest!.node).find(([, v]) => v.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action named ${name} in the build`);
  return id;
}

export async function callAction(
  base: string,
  pagePath: string,
  name: string,
  arg: unknown,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; value: { ok?: boolean; code?: string; message?: string; data?: unknown } | undefined }> {
  const res = await fetch(`${base}${pagePath}`, {
    method: 'POST',
    headers: {
      'next-action': actionId(name),
      accept: 'text/x-component',
      'content-type': 'text/plain;charset=UTF-8',
      origin: base,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: (await encodeReply([arg])) as string,
  });
  const body = Buffer.from(await res.arrayBuffer());
  const { value } = actionReturnValue(body);
  return { status: res.status, value: value as { ok?: boolean; code?: string; message?: string; data?: unknown } | undefined };
}
