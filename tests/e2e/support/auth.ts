import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-1';

/** Signs in through the sign-in page, as a person would, and waits for the role's home. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}
