import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button';
import { Card, CardGroup } from '@/components/card';
import { formatDate, formatMoney } from '@/lib/format';
import { filingFees, latestParameter, whoMustFile } from '@/lib/rules';

export const metadata: Metadata = {
  title: { absolute: 'Iowa Manure Management Plan Portal' },
};

// Every figure and rule on this page comes from lib/rules, with its citation and the date from which
// the portal applies it, so a corrected parameter changes the page too.
function legalFigures() {
  const filing = latestParameter('fee.mmp_filing_cents');
  const withPermit = latestParameter('fee.mmp_filing_with_construction_permit_total_cents');
  const fees = filingFees({ kind: 'original', constructionPermitRequired: true });
  const permitLine = fees.lines.find((l) => l.code === 'construction_permit_application');
  const compliance = latestParameter('fee.annual_compliance_cents_per_animal_unit');
  const review = latestParameter('days.mmp_review');
  const newOwner = latestParameter('days.new_owner_original_mmp');
  const design = latestParameter('days.design_statement_before_construction');
  return [
    { value: formatMoney(filing.value), text: 'MMP filing fee, paid with each original manure management plan.', citation: filing.citation, since: filing.effectiveFrom },
    {
      value: formatMoney(withPermit.value),
      text: `In total when the operation also needs a construction permit: the ${formatMoney(filing.value)} filing fee plus the ${formatMoney(permitLine?.cents ?? withPermit.value - filing.value)} construction permit application fee.`,
      citation: withPermit.citation,
      since: withPermit.effectiveFrom,
    },
    { value: formatMoney(compliance.value), text: 'Annual compliance fee per animal unit of capacity, paid with each annual update (none for an elected SAFO).', citation: compliance.citation, since: compliance.effectiveFrom },
    { value: `${review.value} days`, text: 'Time the department has to approve or disapprove a complete plan, from the day it receives it.', citation: review.citation, since: review.effectiveFrom },
    { value: `${newOwner.value} days`, text: 'Time a new owner of an operation that must have a plan has to submit an original plan.', citation: newOwner.citation, since: newOwner.effectiveFrom },
    { value: `${design.value} days`, text: 'A construction design statement (no construction permit needed) reaches the department at least this long before construction begins.', citation: design.citation, since: design.effectiveFrom },
  ];
}

function filingSteps() {
  const review = latestParameter('days.mmp_review');
  return [
    {
      title: 'Create your account',
      body: 'Owners sign up with an email address. A preparer, such as a consultant, can file for an owner the owner has linked.',
    },
    {
      title: 'Describe your operation and fields',
      body: 'Enter the animals and animal units, how manure is stored, and the fields, crops and rates where manure will be applied.',
    },
    {
      title: 'Submit and pay the filing fee',
      body: 'The portal shows the fee before you submit. You get a confirmation with the date the department received your plan.',
    },
    {
      title: 'The department reviews your plan',
      body: `Staff check that the plan is complete. If something is missing, they return it and tell you what to fix. They approve or disapprove a complete plan within ${review.value} days of receiving it (${review.citation}).`,
    },
    {
      title: 'File an annual update each year',
      body: 'Each year, update the plan and pay the annual compliance fee. The portal shows when your next update is due.',
    },
  ];
}

export default function HomePage() {
  const figures = legalFigures();
  const steps = filingSteps();
  const review = latestParameter('days.mmp_review');
  return (
    <>
      <section className="bg-primary-lighter radius-md padding-3 tablet:padding-5 margin-bottom-5" aria-labelledby="intro-heading">
        <h1 id="intro-heading" className="margin-top-0">
          File and track manure management plans
        </h1>
        <p className="usa-intro measure-4">
          Iowa livestock producers use this portal to file manure management plans and annual updates
          with the Iowa Department of Natural Resources. Department staff review plans here, and county
          boards of supervisors see the plans that touch their county.
        </p>
        <div className="mmp-cta margin-top-3">
          <ButtonLink href="/sign-in" big>
            Sign in
          </ButtonLink>
          <ButtonLink href="/register" variant="outline" big className="bg-white">
            Create an owner account
          </ButtonLink>
        </div>
        <p className="margin-bottom-0">
          <a className="usa-link" href="/status">
            Look up an operation’s plan status
          </a>{' '}
          by name, facility ID or county, without signing in.
        </p>
      </section>

      <div className="grid-row grid-gap-lg">
        <section className="tablet:grid-col-7 mmp-measure" id="about-mmps" aria-labelledby="about-mmps-heading">
          <h2 id="about-mmps-heading">What is a manure management plan?</h2>
          <p>
            A manure management plan (MMP) shows where and how the manure from a confinement feeding
            operation will be spread on cropland, and that the amount spread matches what the crops
            can use. It protects Iowa&rsquo;s streams, lakes and groundwater.
          </p>
          <p>
            The law that requires it is Iowa Code section 459.312. Who must file, the fees and the review
            are in the Iowa Administrative Code, rule 567&mdash;65.110; what goes in a plan is in rule
            567&mdash;65.111.
          </p>
        </section>
        <section className="tablet:grid-col-5" aria-labelledby="who-files-heading">
          <h2 id="who-files-heading">Who must file</h2>
          <ul className="usa-list">
            {whoMustFile().map((d) => (
              <li key={d.citation}>
                {d.who}
                {d.except ? <> {d.except}</> : null} <span className="text-base-dark">({d.citation})</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="margin-top-5" aria-labelledby="users-heading">
        <h2 id="users-heading">Who uses the portal</h2>
        <CardGroup>
          <Card heading="Owners and preparers" headingLevel={3} className="tablet:grid-col-4">
            <p>
              File your original plan and each annual update. See your fees, due dates and where each
              plan is in review.
            </p>
          </Card>
          <Card heading="Department staff" headingLevel={3} className="tablet:grid-col-4">
            <p>
              Review plans within {review.value} days of receiving a complete plan ({review.citation}), ask for missing information,
              and approve or disapprove.
            </p>
          </Card>
          <Card heading="County boards of supervisors" headingLevel={3} className="tablet:grid-col-4">
            <p>See the plans for operations and manure application fields in your county.</p>
          </Card>
        </CardGroup>
      </section>

      <section className="margin-top-5" aria-labelledby="fees-heading">
        <h2 id="fees-heading">Fees and deadlines</h2>
        <ul className="mmp-figures grid-row grid-gap-2">
          {figures.map((f) => (
            <li key={f.text} className="mobile-lg:grid-col-6 desktop:grid-col-4 margin-bottom-2">
              <div className="mmp-figure">
                <span className="mmp-figure__value">{f.value}</span>
                <span>{f.text}</span>
                <span className="text-base-dark font-body-2xs">
                  {f.citation}; applied by the portal since {formatDate(f.since)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="margin-top-5" aria-labelledby="process-heading">
        <h2 id="process-heading">How filing works</h2>
        <ol className="usa-process-list">
          {steps.map((s) => (
            <li key={s.title} className="usa-process-list__item">
              <h3 className="usa-process-list__heading">{s.title}</h3>
              <p className="margin-top-05">{s.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="grid-row grid-gap-lg margin-top-5 border-top-1px border-base-lighter padding-top-3">
        <section className="tablet:grid-col-4" id="contact" aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="font-heading-lg">Contact the department</h2>
          <p>
            Animal feeding operation staff in the department&rsquo;s field offices can answer
            questions about your plan.{' '}
            <a className="usa-link" href="/counties">
              Find the office that serves your county, with its address and phone
            </a>
            .
          </p>
        </section>
        <section className="tablet:grid-col-4" id="accessibility" aria-labelledby="accessibility-heading">
          <h2 id="accessibility-heading" className="font-heading-lg">Accessibility</h2>
          <p>
            This portal is built to meet the Web Content Accessibility Guidelines (WCAG) 2.1, level AA.
            If any page is hard to use, contact your field office and we will help you file another way.
          </p>
        </section>
        <section className="tablet:grid-col-4" id="privacy" aria-labelledby="privacy-heading">
          <h2 id="privacy-heading" className="font-heading-lg">Privacy</h2>
          <p>
            We collect what the law needs to review your plan. Filed plans are government records and
            may be open to the public. County boards see plans that touch their county. We don&rsquo;t
            sell your information.
          </p>
        </section>
      </div>
    </>
  );
}
