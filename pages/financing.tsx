import PaymentEstimator from '../client/islands/PaymentEstimator.tsx';
import { financingTerms } from '../components/estimator-data.ts';
import Island from '../components/Island.tsx';
import PaymentTable from '../components/PaymentTable.tsx';
import { office } from '../content/site.ts';
import { contentPage } from './_content-page.tsx';

const TABLE_ID = 'payment-table';
const { months, confirmed } = financingTerms();

/** /financing with its monthly-payment estimator and, for reading without JavaScript, a table. */
const page = contentPage('financing', {
  before: (
    <Island of={PaymentEstimator} props={{ terms: months, termsConfirmed: confirmed, tableId: TABLE_ID, phone: office.phone }} />
  ),
  after: <PaymentTable id={TABLE_ID} terms={months} termsConfirmed={confirmed} />,
});
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
