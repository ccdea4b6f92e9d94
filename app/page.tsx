import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button';
import { Card, CardGroup } from '@/components/card';

export const metadata: Metadata = {
  title: { absolute: 'Iowa Manure Management Plan Portal' },
};

const figures = [
  { value: '$250', text: 'Filing fee for an original manure management plan.' },
  { value: '$500', text: 'Filing fee when the plan comes with a construction permit application.' },
  { value: '$0.15', text: 'Annual compliance fee per animal unit, paid with each annual update.' },
  { value: '60 days', text: 'Time the department has to approve or disapprove a complete plan.' },
];

const steps = [
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
    body: 'Staff check that the plan is complete. If something is missing, they mark it incomplete and tell you what to fix. They approve or disapprove a complete plan within 60 days.',
  },
  {
    title: 'File an annual update each year',
    body: 'Each year, update the plan and pay the annual compliance fee. The portal shows when your next update is due.',
  },
];

export default function HomePage() {
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
            The law that requires it is Iowa Code section 459.312. The rules for what goes in a plan are
            in the Iowa Administrative Code, rule 567&mdash;65.110.
          </p>
        </section>
        <section className="tablet:grid-col-5" aria-labelledby="who-files-heading">
          <h2 id="who-files-heading">Who must file</h2>
          <ul className="usa-list">
            <li>Confinement feeding operations with more than 500 animal units</li>
            <li>Anyone applying for a construction permit for a confinement operation</li>
            <li>New owners of an operation, within 60 days of taking ownership</li>
            <li>Operations outside Iowa that apply manure on land in Iowa</li>
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
              Review plans within 60 days of receiving a complete plan, ask for missing information,
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
            <li key={f.value} className="mobile-lg:grid-col-6 desktop:grid-col-3 margin-bottom-2">
              <div className="mmp-figure">
                <span className="mmp-figure__value">{f.value}</span>
                <span>{f.text}</span>
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
            questions about your plan. Find the office that serves your county on{' '}
            <a className="usa-link" href="https://www.iowadnr.gov">
              iowadnr.gov
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
