'use client';

import { Button } from '@/components/button';

export function PrintButton() {
  return <Button variant="outline" onClick={() => window.print()}>Print this letter</Button>;
}
