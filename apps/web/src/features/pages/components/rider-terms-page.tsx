import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who these terms are for',
    body: [
      'These terms apply to anyone who applies to deliver orders and dispatch requests on Jara (“rider”). You accept them when you apply. Riders are independent contractors, not employees of Jara.',
    ],
  },
  {
    heading: 'Eligibility',
    body: [
      'You must be at least 15 years old, and if you are under 18 you need the written consent of a parent or guardian; riders using a motorcycle must be of legal age to ride one and hold the licence and papers the law requires. You must give accurate details and keep them up to date. An administrator approves every application and may decline or revoke it.',
    ],
  },
  {
    heading: 'Accepting and completing jobs',
    body: [
      'Available jobs appear on your job board once every vendor has confirmed the order. The first rider to accept a job gets it. Accept only jobs you can complete promptly.',
      'Aim to deliver within 30 to 45 minutes of accepting. Collect the items, mark them picked up, and deliver them to the address shown. Wait up to 5 minutes for an absent customer and call them before contacting support.',
      'Complete a delivery only by entering the 4-digit code the customer or recipient gives you. After 5 wrong attempts the job is locked and support will contact you.',
    ],
  },
  {
    heading: 'Conduct and safety',
    body: [
      'Be polite, honest and safe. Obey traffic laws, wear a helmet where required, and never open, swap or tamper with parcels. Refuse parcels that look dangerous or illegal and tell support.',
    ],
  },
  {
    heading: 'Ratings',
    body: [
      'Customers rate deliveries. You are expected to keep an average rating of about 4.0 out of 5 or higher. If your rating falls below that we will first talk to you about it; a rating that stays low may lead to suspension.',
    ],
  },
  {
    heading: 'Earnings and payouts',
    body: [
      'You earn the delivery fee share shown for each job you deliver; the service fee belongs to Jara. Earnings from cancelled jobs are not paid. You can request a payout at any time; payouts are made to your verified bank account one working day (Monday to Friday) after your request.',
    ],
  },
  {
    heading: 'Customer cancellations and issues',
    body: [
      'Customers may cancel within 5 minutes of payment before an order is confirmed, and before a rider is assigned to a dispatch. Customers report wrong or missing items within 30 minutes of delivery; we may ask you for your account of what happened.',
    ],
  },
  {
    heading: 'Working days',
    body: [
      'Deliveries run Monday to Sunday during operating hours. You choose when you are available; there is no minimum number of jobs.',
    ],
  },
  {
    heading: 'Suspension and ending',
    body: [
      'You may stop riding at any time. We may suspend or end your access for fraud, unsafe conduct, repeated failed deliveries, a persistently low rating or any breach of these terms. Earnings already due are still paid.',
    ],
  },
  {
    heading: 'Changes and contact',
    body: [
      'We may update these terms and will tell you in the app. Questions go to support through the in-app chat or the contact page. These terms are governed by the laws of the Federal Republic of Nigeria.',
    ],
  },
];

export function RiderTermsPage() {
  return (
    <LegalPage
      title="Rider Terms and Conditions"
      intro="Thank you for delivering with Jara. These terms explain how riding with us works."
      sections={SECTIONS}
    />
  );
}
