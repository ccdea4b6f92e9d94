'use client';

import { useId, useState } from 'react';

/** USWDS banner adapted for a State of Iowa site; the toggle replaces the USWDS accordion JS. */
export function GovBanner() {
  const [open, setOpen] = useState(false);
  const contentId = useId();

  return (
    <section className="usa-banner" aria-label="Official website of the State of Iowa">
      <div className="usa-accordion">
        <header className={`usa-banner__header${open ? ' usa-banner__header--expanded' : ''}`}>
          <div className="usa-banner__inner">
            <div className="grid-col-fill tablet:grid-col-auto" aria-hidden="true">
              <p className="usa-banner__header-text">An official website of the State of Iowa</p>
              <p className="usa-banner__header-action">Here&rsquo;s how you know</p>
            </div>
            <button
              type="button"
              className="usa-accordion__button usa-banner__button"
              aria-expanded={open}
              aria-controls={contentId}
              onClick={() => setOpen((v) => !v)}
            >
              <span className="usa-banner__button-text">Here&rsquo;s how you know</span>
            </button>
          </div>
        </header>
        <div className="usa-banner__content usa-accordion__content" id={contentId} hidden={!open}>
          <div className="grid-row grid-gap-lg">
            <div className="usa-banner__guidance tablet:grid-col-6">
              <DotGovIcon />
              <div className="usa-media-block__body">
                <p>
                  <strong>Official websites use .gov</strong>
                  <br />A <strong>.gov</strong> website belongs to an official government
                  organization. State of Iowa websites use .gov addresses such as iowa.gov and
                  iowadnr.gov.
                </p>
              </div>
            </div>
            <div className="usa-banner__guidance tablet:grid-col-6">
              <HttpsIcon />
              <div className="usa-media-block__body">
                <p>
                  <strong>Secure .gov websites use HTTPS</strong>
                  <br />A <strong>lock</strong> (<LockIcon />) or <strong>https://</strong> means
                  you&rsquo;ve safely connected to the .gov website. Share sensitive information
                  only on official, secure websites.
                </p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function DotGovIcon() {
  return (
    <svg className="usa-banner__icon usa-media-block__img" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        fill="#2378C3"
        fillRule="evenodd"
        d="m32 0c17.7 0 32 14.3 32 32s-14.3 32-32 32-32-14.3-32-32 14.3-32 32-32zm0 1.2c-17 0-30.8 13.8-30.8 30.8s13.8 30.8 30.8 30.8 30.8-13.8 30.8-30.8-13.8-30.8-30.8-30.8zm11.4 38.9c.5 0 .9.4.9.8v1.6h-24.6v-1.6c0-.5.4-.8.9-.8zm-17.1-12.3v9.8h1.6v-9.8h3.3v9.8h1.6v-9.8h3.3v9.8h1.6v-9.8h3.3v9.8h.8c.5 0 .9.4.9.8v.8h-21.4v-.8c0-.5.4-.8.9-.8h.8v-9.8zm5.7-8.2 12.3 4.9v1.6h-1.6c0 .5-.4.8-.9.8h-19.6c-.5 0-.9-.4-.9-.8h-1.6v-1.6s12.3-4.9 12.3-4.9z"
      />
    </svg>
  );
}

function HttpsIcon() {
  return (
    <svg className="usa-banner__icon usa-media-block__img" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        fill="#719F2A"
        fillRule="evenodd"
        d="M32 0c17.673 0 32 14.327 32 32 0 17.673-14.327 32-32 32C14.327 64 0 49.673 0 32 0 14.327 14.327 0 32 0zm0 1.208C14.994 1.208 1.208 14.994 1.208 32S14.994 62.792 32 62.792 62.792 49.006 62.792 32 49.006 1.208 32 1.208zm0 18.886a7.245 7.245 0 0 1 7.245 7.245v3.103h.52c.86 0 1.557.698 1.557 1.558v9.322c0 .86-.697 1.558-1.557 1.558h-15.53c-.86 0-1.557-.697-1.557-1.558V32c0-.86.697-1.558 1.557-1.558h.52V27.34A7.245 7.245 0 0 1 32 20.094zm0 3.103a4.142 4.142 0 0 0-4.142 4.142v3.103h8.284V27.34A4.142 4.142 0 0 0 32 23.197z"
      />
    </svg>
  );
}

function LockIcon() {
  return (
    <span className="icon-lock">
      <svg className="usa-banner__lock-image" width="52" height="64" viewBox="0 0 52 64" role="img" aria-label="Locked padlock icon" focusable="false">
        <path
          fill="#000000"
          fillRule="evenodd"
          d="M26 0c10.493 0 19 8.507 19 19v9h3a4 4 0 0 1 4 4v28a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V32a4 4 0 0 1 4-4h3v-9C7 8.507 15.507 0 26 0zm0 8c-5.979 0-10.843 4.77-10.996 10.712L15 19v9h22v-9c0-6.075-4.925-11-11-11z"
        />
      </svg>
    </span>
  );
}
