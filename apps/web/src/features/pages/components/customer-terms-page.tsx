import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'About these terms',
    body: [
      'These terms govern your use of Jara, an online marketplace and delivery service operated for the University of Benin community, Benin City, Edo State. By creating an account, placing an order or sending a dispatch request you agree to them. If you do not agree, please do not use Jara.',
    ],
  },
  {
    heading: 'Eligibility and accounts',
    body: [
      'You must be at least 15 years old to use Jara. If you are younger than 18, you confirm that a parent or guardian has agreed to these terms on your behalf; users under 15 may use Jara only with verifiable parental consent.',
      'You are responsible for keeping your password secret and for everything done with your account. Tell us at once through support if you think someone else has used it. You can sign out of every device from your profile.',
    ],
  },
  {
    heading: 'What we sell and who sells it',
    body: [
      'Products are sold by independent vendors — campus kitchens, groceries and essentials shops, stationery, phone and hair accessories, fashion, shoes, cosmetics and, where a licensed vendor offers them, medical items. Jara provides the platform, payment and delivery; each vendor is responsible for the quality, safety and description of what it sells.',
      'Medical items are sold only by licensed vendors and may require a prescription. We may refuse any order that breaks the law or these terms.',
    ],
  },
  {
    heading: 'Prices, fees and payment',
    body: [
      'All prices are in Nigerian naira (₦). Your order total is the price of the items plus a delivery fee for each vendor, based on distance, plus a service fee. Every amount is shown in the order summary before you pay.',
      'Payment is taken by card, bank transfer or USSD through our payment partner. Jara never stores your card details. An order is placed only after the payment is confirmed.',
    ],
  },
  {
    heading: 'Delivery',
    body: [
      'We deliver Monday to Sunday, within our operating hours, to addresses inside our service area on and around the Ugbowo campus. Most deliveries arrive within 30 to 60 minutes; times are estimates, not guarantees.',
      'Please be reachable at the phone number you give us. A rider waits up to 5 minutes at the delivery point. You confirm delivery by giving the rider the 4-digit code shown in your orders; do not share the code before you have your items.',
    ],
  },
  {
    heading: 'Cancellations and refunds',
    body: [
      'You may cancel an order within 5 minutes of payment, as long as no vendor has accepted it. A dispatch request may be cancelled until a rider is assigned. Cancelled orders are refunded in full to the original payment method.',
      'If a vendor declines your items, those items are refunded automatically. Refunds usually reach you within a few working days, depending on your bank.',
    ],
  },
  {
    heading: 'Wrong, missing or damaged items',
    body: [
      'Report any problem within 30 minutes of delivery through the in-app chat or the contact form, with photos where possible. After checking with the vendor and rider we will replace the item, refund it or offer another fair remedy.',
    ],
  },
  {
    heading: 'Dispatch requests',
    body: [
      'You may send parcels only if you are allowed to, and only items that are legal, safely packed and not dangerous. Riders may refuse a parcel that looks unsafe. Express delivery costs 1.5 times the standard delivery fee. The recipient must give the rider the delivery code.',
    ],
  },
  {
    heading: 'Your conduct',
    body: [
      'Treat vendors, riders and support staff with respect. Do not misuse promotions, place fake orders, upload harmful content in chat or try to access other people’s data. We may suspend accounts that do.',
    ],
  },
  {
    heading: 'Privacy',
    body: [
      'We use your name, contact details, addresses and order history to run the service, and share with vendors and riders only what they need to fulfil your order. We do not sell your data.',
    ],
  },
  {
    heading: 'Liability',
    body: [
      'Jara is provided as it is. To the extent the law allows, we are not liable for indirect losses, or for delays caused by weather, traffic, power or network failures or other events outside our control. Nothing in these terms limits rights you have under Nigerian consumer protection law.',
    ],
  },
  {
    heading: 'Changes and contact',
    body: [
      'We may update these terms; the effective date above shows the latest version, and we will tell you about important changes in the app. Questions? Reach us through the contact page or the in-app chat. These terms are governed by the laws of the Federal Republic of Nigeria.',
    ],
  },
];

export function CustomerTermsPage() {
  return (
    <LegalPage
      title="Customer Terms and Conditions"
      intro="Please read these terms carefully. They explain what you can expect from Jara and what we expect from you."
      sections={SECTIONS}
    />
  );
}
