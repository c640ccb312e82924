import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { Accordion } from './accordion';

const FAQ = [
  {
    question: 'What is Jara?',
    answer:
      'Jara is an online marketplace and delivery service for the University of Benin community. You can order food, phone and hair accessories, fashion, shoes, cosmetics and everyday essentials from vendors on and around campus, and send parcels anywhere nearby with a dispatch request.',
  },
  {
    question: 'Who can use Jara?',
    answer:
      'Students, lecturers, staff and residents around the Ugbowo campus. You need to be at least 15 years old, or have a parent or guardian’s consent, to create an account.',
  },
  {
    question: 'How do I place an order?',
    answer:
      'Browse by category or shop, pick an option and quantity, then tap Add to Cart. Open your cart, choose or add a delivery address, check the order summary and pay. You can follow the order under My Orders.',
  },
  {
    question: 'What kinds of items can I order?',
    answer:
      'Meals from campus kitchens, groceries and essentials, stationery, phone and hair accessories, fashion, shoes, cosmetics and, where a licensed vendor offers them, medical items.',
  },
  {
    question: 'What are your delivery hours?',
    answer: 'We deliver from 8 AM to 9 PM, Monday to Saturday.',
  },
  {
    question: 'How long does delivery take?',
    answer:
      'Most orders arrive within 30 to 60 minutes, depending on how far the vendor is and how busy the kitchen is.',
  },
  {
    question: 'How much does delivery cost?',
    answer:
      'The delivery fee depends on the distance from each vendor to your address, starting from ₦500 for short trips. A small service fee is added. You see every fee in the order summary before you pay.',
  },
  {
    question: 'Can I schedule an order for later?',
    answer: 'Not yet. Orders are prepared and delivered as soon as they are placed.',
  },
  {
    question: 'What happens if I am not there when the rider arrives?',
    answer:
      'The rider will call you and wait for up to 5 minutes. If you cannot be reached, contact support through the chat so we can arrange what happens next.',
  },
  {
    question: 'Can I cancel my order?',
    answer:
      'Yes, before the vendor accepts it (within 5 minutes of paying), and you are refunded in full. A dispatch request can be cancelled until a rider is assigned.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'Card, bank transfer and USSD through our secure payment partner. A Jara wallet is planned.',
  },
  {
    question: 'How can I track my order?',
    answer: (
      <>
        Open{' '}
        <Link to="/my-orders" className="font-semibold text-brand-800 underline">
          My Orders
        </Link>{' '}
        to see each order’s status — placed, confirmed, assigned, picked and delivered — updated live. Dispatches are
        under{' '}
        <Link to="/dispatch" className="font-semibold text-brand-800 underline">
          Dispatch Delivery
        </Link>
        .
      </>
    ),
  },
  {
    question: 'Is there a minimum order?',
    answer: 'No. Order as little as you like.',
  },
  {
    question: 'What if an item is wrong or missing?',
    answer:
      'Tell us within 30 minutes of delivery through the chat or the contact form, with a photo if you can, and we will make it right.',
  },
  {
    question: 'What is a dispatch request?',
    answer:
      'A point-to-point delivery: a rider picks up a parcel from your saved address and takes it to the person you name. Choose Express for faster delivery at 1.5 times the standard fee. The recipient gives the rider a 4-digit code to confirm delivery.',
  },
  {
    question: 'How do I contact support?',
    answer: (
      <>
        Logged in, tap the chat button at the bottom right to talk to us from 8 AM to 9 PM. Otherwise use the{' '}
        <Link to="/contact" className="font-semibold text-brand-800 underline">
          contact form
        </Link>
        .
      </>
    ),
  },
];

export function FaqPage() {
  return (
    <Page title="FAQ" className="max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Help centre</p>
      <h1 className="mt-1 text-3xl font-bold">Frequently Asked Questions</h1>
      <p className="mb-8 mt-2 text-stone-600">Quick answers about ordering, delivery, payment and dispatch.</p>
      <Accordion items={FAQ} />
    </Page>
  );
}
