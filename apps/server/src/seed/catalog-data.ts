/**
 * Demo catalogue: categories, vendors around the Ugbowo campus and their products.
 * Pure data; the seeder inserts it and renders imagery with ./images.ts (motif + accent).
 * Prices are integer kobo (₦1 = 100 kobo).
 */

export interface SeedCategory {
  path: string;
  text: string;
  bgColor: string;
}

export type Weekday = '0' | '1' | '2' | '3' | '4' | '5' | '6';
export type OpeningHours = Record<Weekday, { open: string; close: string } | null>;

export interface SeedVendor {
  key: string;
  businessName: string;
  kind: 'food' | 'goods';
  /** Nigerian mobile number, local format (0 + prefix + 7 digits). */
  phone: string;
  address: string;
  latitude: number;
  longitude: number;
  /** '0' = Sunday; times are HH:MM in Africa/Lagos; null = closed that day. */
  openingHours: OpeningHours;
  /** Hex colour used for the vendor's imagery. */
  accent: string;
}

export interface SeedProductOption {
  name: string;
  priceKobo: number;
  offerPriceKobo: number | null;
}

export interface SeedProduct {
  key: string;
  vendorKey: string;
  /** Category path, one of SEED_CATEGORIES[].path. */
  category: string;
  name: string;
  description: string[];
  weight: string | null;
  inStock: boolean;
  options: SeedProductOption[];
  imageCount: 1 | 2 | 3 | 4;
  /** Drawing used by renderProductImage; always one of MOTIFS in ./images.ts. */
  motif: string;
}

export const SEED_CATEGORIES: SeedCategory[] = [
  { path: 'phone-accessories', text: 'Phone Accessories', bgColor: '#E3EEFF' },
  { path: 'hair-accessories', text: 'Hair Accessories', bgColor: '#F6E6FA' },
  { path: 'fashion-and-accessories', text: 'Fashion and Accessories', bgColor: '#FFF1DC' },
  { path: 'shoes', text: 'Shoes', bgColor: '#E2F5EC' },
  { path: 'cosmetics', text: 'Cosmetics', bgColor: '#FDE4EA' },
  { path: 'food', text: 'Food', bgColor: '#FFF6D6' },
];

const ALL_DAY = { open: '00:00', close: '23:59' } as const;

/** Open round the clock every day, so demo checkout works at any hour. */
function everyDay(): OpeningHours {
  return { '0': { ...ALL_DAY }, '1': { ...ALL_DAY }, '2': { ...ALL_DAY }, '3': { ...ALL_DAY }, '4': { ...ALL_DAY }, '5': { ...ALL_DAY }, '6': { ...ALL_DAY } };
}

/** Open round the clock Monday to Saturday, closed on Sunday. */
function closedSunday(): OpeningHours {
  return { ...everyDay(), '0': null };
}

export const SEED_VENDORS: SeedVendor[] = [
  // Food vendors
  { key: 'mama-osas-kitchen', businessName: "Mama Osas Kitchen", kind: 'food', phone: '08034521876', address: 'Beside UNIBEN Main Gate, Ugbowo-Lagos Road, Ugbowo, Benin City', latitude: 6.3989, longitude: 5.6118, openingHours: everyDay(), accent: '#E4572E' },
  { key: 'shawarma-republic', businessName: 'Shawarma Republic Ugbowo', kind: 'food', phone: '08126734490', address: 'Ugbowo Junction, Ugbowo-Lagos Road, Benin City', latitude: 6.4013, longitude: 5.6083, openingHours: everyDay(), accent: '#C9822B' },
  { key: 'chops-and-bites', businessName: 'Chops & Bites Ekosodin', kind: 'food', phone: '09035527781', address: '12 Edo Street, Ekosodin, Benin City', latitude: 6.4092, longitude: 5.6232, openingHours: everyDay(), accent: '#F2A541' },
  { key: 'mallam-sani-suya', businessName: 'Mallam Sani Suya Spot', kind: 'food', phone: '07063318842', address: 'Ugbowo Market, Ugbowo-Lagos Road, Benin City', latitude: 6.4024, longitude: 5.6071, openingHours: everyDay(), accent: '#8C2F1B' },
  { key: 'zobo-smoothie-bar', businessName: 'Chill Spot Zobo & Smoothies', kind: 'food', phone: '08167720913', address: 'Physical Science Shopping Complex, University of Benin, Ugbowo, Benin City', latitude: 6.3994, longitude: 5.6168, openingHours: everyDay(), accent: '#6A994E' },
  { key: 'food-court-express', businessName: 'Food Court Express', kind: 'food', phone: '08055143320', address: 'UNIBEN Food Court (Buka), University of Benin, Ugbowo, Benin City', latitude: 6.3952, longitude: 5.6188, openingHours: everyDay(), accent: '#D1495B' },
  { key: 'sweet-crumbs-bakery', businessName: 'Sweet Crumbs Bakery', kind: 'food', phone: '09062288417', address: 'Osasogie Road, Ugbowo, Benin City', latitude: 6.3896, longitude: 5.6141, openingHours: everyDay(), accent: '#B5838D' },
  // Goods vendors
  { key: 'gadget-hub', businessName: 'GadgetHub UNIBEN', kind: 'goods', phone: '08138890245', address: 'Physical Science Shopping Complex, University of Benin, Ugbowo, Benin City', latitude: 6.3997, longitude: 5.6164, openingHours: everyDay(), accent: '#2B59C3' },
  { key: 'phone-clinic', businessName: 'Phone Clinic Ekosodin', kind: 'goods', phone: '07039914562', address: '4 Ekosodin Road, by UNIBEN Back Gate, Benin City', latitude: 6.4089, longitude: 5.6208, openingHours: everyDay(), accent: '#0F8B8D' },
  { key: 'tresses-by-ivie', businessName: 'Tresses by Ivie', kind: 'goods', phone: '08026613378', address: '19th Street, off Ugbowo-Lagos Road, Ugbowo, Benin City', latitude: 6.3966, longitude: 5.6031, openingHours: everyDay(), accent: '#8E44AD' },
  { key: 'crown-hair-store', businessName: 'Crown Hair & Beauty Store', kind: 'goods', phone: '08094456120', address: 'Uselu Market, Ugbowo-Lagos Road, Uselu, Benin City', latitude: 6.3788, longitude: 5.6126, openingHours: closedSunday(), accent: '#C2185B' },
  { key: 'ugbowo-threads', businessName: 'Ugbowo Threads', kind: 'goods', phone: '08187365501', address: 'Ugbowo-Lagos Road, opposite UNIBEN Main Gate, Benin City', latitude: 6.3982, longitude: 5.6082, openingHours: everyDay(), accent: '#1B998B' },
  { key: 'campus-drip', businessName: 'Campus Drip Boutique', kind: 'goods', phone: '09017742286', address: 'Alufokhai Street, Ekosodin, Benin City', latitude: 6.4203, longitude: 5.6170, openingHours: everyDay(), accent: '#3D348B' },
  { key: 'kickz-plug', businessName: 'Kickz Plug Benin', kind: 'goods', phone: '08145528830', address: 'BDPA Road, Ugbowo, Benin City', latitude: 6.4048, longitude: 5.6028, openingHours: everyDay(), accent: '#F26419' },
  { key: 'step-right-footwear', businessName: 'Step Right Footwear', kind: 'goods', phone: '07057731904', address: 'Uselu Market, Ugbowo-Lagos Road, Uselu, Benin City', latitude: 6.3793, longitude: 5.6121, openingHours: closedSunday(), accent: '#6D4C41' },
  { key: 'glow-up-cosmetics', businessName: 'Glow Up Cosmetics', kind: 'goods', phone: '08168842275', address: 'Ugbowo-Lagos Road, near Ugbowo Market, Benin City', latitude: 6.4018, longitude: 5.6079, openingHours: everyDay(), accent: '#E75A7C' },
  { key: 'naturals-by-ehi', businessName: 'Naturals by Ehi', kind: 'goods', phone: '09051236687', address: 'Osasogie Road, Ugbowo, Benin City', latitude: 6.3889, longitude: 5.6152, openingHours: everyDay(), accent: '#7A9E48' },
];

type OptionSpec = [name: string, naira: number, offerNaira?: number];

interface ProductSpec {
  key: string;
  vendor: string;
  category: string;
  name: string;
  description: string[];
  motif: string;
  options: OptionSpec[] | number;
  offer?: number;
  weight?: string | null;
  out?: true;
  images?: 1 | 2 | 3 | 4;
}

const kobo = (naira: number): number => Math.round(naira * 100);

/** A bare price means a single 'Default Option'; `offer` sets that option's offer price. */
function build(spec: ProductSpec): SeedProduct {
  const options: SeedProductOption[] =
    typeof spec.options === 'number'
      ? [{ name: 'Default Option', priceKobo: kobo(spec.options), offerPriceKobo: spec.offer === undefined ? null : kobo(spec.offer) }]
      : spec.options.map(([name, price, offer]) => ({ name, priceKobo: kobo(price), offerPriceKobo: offer === undefined ? null : kobo(offer) }));
  return {
    key: spec.key,
    vendorKey: spec.vendor,
    category: spec.category,
    name: spec.name,
    description: spec.description,
    weight: spec.weight ?? null,
    inStock: spec.out !== true,
    options,
    imageCount: spec.images ?? 3,
    motif: spec.motif,
  };
}

const PHONE = 'phone-accessories';
const HAIR = 'hair-accessories';
const FASHION = 'fashion-and-accessories';
const SHOES = 'shoes';
const COSMETICS = 'cosmetics';
const FOOD = 'food';

const SPECS: ProductSpec[] = [
  // ── Phone accessories ────────────────────────────────────────────────
  { key: 'oraimo-20w-fast-charger', vendor: 'gadget-hub', category: PHONE, name: 'Oraimo 20W USB-C Fast Charger', motif: 'charger', options: 6500, offer: 5500, weight: '90 g', images: 4,
    description: ['20W PD fast charging for iPhone and Android', 'Charges most phones to 50% in about 30 minutes', 'Over-heat and surge protection for NEPA light fluctuations'] },
  { key: 'samsung-25w-charger', vendor: 'gadget-hub', category: PHONE, name: 'Samsung 25W Super Fast Charger', motif: 'charger', options: [['Adapter only', 9500], ['Adapter + USB-C cable', 12000]], weight: '110 g',
    description: ['Original 25W adapter for Galaxy A and S series', 'Choose with or without the 1 m USB-C cable', '3 months shop warranty'] },
  { key: 'usb-c-braided-cable', vendor: 'gadget-hub', category: PHONE, name: 'Braided USB-C Cable', motif: 'cable', options: [['1 metre', 2500], ['2 metres', 3500, 3000]], weight: '45 g',
    description: ['Nylon braided, survives bending and hostel use', 'Supports fast charging up to 60W', 'Data transfer for laptops and phones'] },
  { key: 'lightning-cable', vendor: 'gadget-hub', category: PHONE, name: 'iPhone Lightning Cable', motif: 'cable', options: [['1 metre', 3000], ['2 metres', 4500]], weight: '40 g', images: 2,
    description: ['MFi-grade Lightning connector', 'Works with iPhone 7 up to iPhone 14', 'Reinforced neck against fraying'] },
  { key: 'oraimo-freepods-4', vendor: 'gadget-hub', category: PHONE, name: 'Oraimo FreePods 4 Earbuds', motif: 'earbuds', options: [['Black', 23500, 19900], ['White', 23500, 19900]], weight: '55 g', images: 4,
    description: ['Active noise cancellation for noisy lecture halls', 'Up to 35 hours with the charging case', 'Touch controls and clear calls'] },
  { key: 'wireless-earbuds-basic', vendor: 'gadget-hub', category: PHONE, name: 'TWS Wireless Earbuds', motif: 'earbuds', options: 8500, weight: '50 g',
    description: ['Bluetooth 5.3 with instant pairing', 'About 4 hours per charge, 20 hours with case', 'Sweat resistant for the gym'] },
  { key: 'power-bank-20000', vendor: 'gadget-hub', category: PHONE, name: '20,000mAh Power Bank', motif: 'power-bank', options: [['Black', 18500], ['White', 18500], ['Blue', 19000]], weight: '420 g', images: 4,
    description: ['Charges a phone about 4 times, made for light-off days', 'Two USB outputs and one USB-C', 'LED battery level display'] },
  { key: 'power-bank-10000', vendor: 'gadget-hub', category: PHONE, name: '10,000mAh Slim Power Bank', motif: 'power-bank', options: 11000, offer: 9500, weight: '230 g',
    description: ['Slim enough for a jeans pocket', '22.5W fast charging', 'Charges a phone about twice'] },
  { key: 'bluetooth-headphones', vendor: 'gadget-hub', category: PHONE, name: 'Over-Ear Bluetooth Headphones', motif: 'headphones', options: [['Black', 15000], ['Red', 15000]], weight: '210 g', out: true,
    description: ['Cushioned ear cups for long reading sessions', 'Up to 30 hours playback', 'Foldable, with 3.5 mm cable included'] },
  { key: 'smart-watch-fitness', vendor: 'gadget-hub', category: PHONE, name: 'Smart Fitness Watch', motif: 'watch', options: 16500, weight: '60 g',
    description: ['Step, heart-rate and sleep tracking', 'Shows WhatsApp and call notifications', 'About 7 days battery life'] },
  { key: 'iphone-silicone-case', vendor: 'phone-clinic', category: PHONE, name: 'Silicone Case for iPhone', motif: 'phone-case', options: [['iPhone 11', 4000], ['iPhone 12/12 Pro', 4000], ['iPhone 13', 4500], ['iPhone 14', 4500]], weight: '35 g', images: 4,
    description: ['Soft-touch silicone with microfibre lining', 'Raised edges protect the camera', 'Tell us your colour on delivery chat'] },
  { key: 'tecno-clear-case', vendor: 'phone-clinic', category: PHONE, name: 'Clear Shockproof Case (Tecno/Infinix)', motif: 'phone-case', options: [['Tecno Spark 10', 3000], ['Infinix Hot 30', 3000], ['Tecno Camon 20', 3500]], weight: '30 g',
    description: ['Transparent TPU with air-cushion corners', 'Shows off your phone colour', 'Precise cut-outs for buttons and ports'] },
  { key: 'samsung-rugged-case', vendor: 'phone-clinic', category: PHONE, name: 'Rugged Armor Case (Samsung A-series)', motif: 'phone-case', options: [['Galaxy A14', 5000, 4200], ['Galaxy A24', 5000, 4200], ['Galaxy A34', 5500, 4500]], weight: '50 g',
    description: ['Dual-layer drop protection', 'Built-in kickstand for watching lectures', 'Grippy textured sides'] },
  { key: 'screen-guard-install', vendor: 'phone-clinic', category: PHONE, name: 'Tempered Glass Screen Guard', motif: 'phone-case', options: [['Regular', 2000], ['Privacy', 3500], ['Full-glue 9D', 3000]], weight: '20 g', images: 2,
    description: ['9H hardness glass', 'Free installation at the shop by the back gate', 'Bubble-free, oleophobic coating'] },
  { key: 'car-fast-charger', vendor: 'phone-clinic', category: PHONE, name: 'Dual-Port Car Charger', motif: 'charger', options: 4500, weight: '40 g', out: true,
    description: ['Two USB ports, 3.1A total', 'Fits any cigarette-lighter socket', 'Handy for keke and bus rides home'] },
  { key: 'micro-usb-cable', vendor: 'phone-clinic', category: PHONE, name: 'Micro-USB Charging Cable', motif: 'cable', options: 1500, weight: '30 g', images: 1,
    description: ['For older Android phones and power banks', '1 metre, 2.4A'] },
  { key: 'wired-earphones', vendor: 'phone-clinic', category: PHONE, name: 'Wired Earphones with Mic', motif: 'earbuds', options: [['3.5 mm jack', 2500], ['USB-C', 3500]], weight: '25 g',
    description: ['In-line mic for calls and voice notes', 'Deep bass drivers', 'Tangle-free flat cable'] },
  { key: 'power-bank-5000-mini', vendor: 'phone-clinic', category: PHONE, name: 'Mini Power Bank 5,000mAh', motif: 'power-bank', options: 7000, offer: 6000, weight: '120 g', images: 2,
    description: ['Pocket size with built-in cable', 'Enough for one full phone charge'] },

  // ── Hair accessories ─────────────────────────────────────────────────
  { key: 'bone-straight-wig-18', vendor: 'tresses-by-ivie', category: HAIR, name: 'Bone Straight Human Hair Wig', motif: 'wig', options: [['12 inches', 85000], ['14 inches', 105000], ['18 inches', 145000, 130000]], weight: '250 g', images: 4,
    description: ['100% human hair, 13x4 lace frontal', 'Pre-plucked hairline, natural black', 'Can be dyed and straightened'] },
  { key: 'body-wave-wig', vendor: 'tresses-by-ivie', category: HAIR, name: 'Body Wave Lace Wig', motif: 'wig', options: [['16 inches', 95000], ['20 inches', 125000]], weight: '280 g',
    description: ['Soft body-wave texture that holds curls', 'Adjustable straps and combs inside', 'Glueless install'] },
  { key: 'pixie-curl-wig', vendor: 'tresses-by-ivie', category: HAIR, name: 'Pixie Curl Short Wig', motif: 'wig', options: 35000, offer: 29500, weight: '150 g',
    description: ['Ready-to-wear short curly style', 'Breathable cap for hot afternoons', 'Great for lectures and everyday wear'] },
  { key: 'satin-bonnet', vendor: 'tresses-by-ivie', category: HAIR, name: 'Satin Sleep Bonnet', motif: 'hair-clip', options: [['Black', 2500], ['Pink', 2500], ['Leopard print', 3000]], weight: '40 g', images: 2,
    description: ['Double-layer satin protects braids and wigs overnight', 'Wide elastic band, stays on all night'] },
  { key: 'claw-clips-set', vendor: 'tresses-by-ivie', category: HAIR, name: 'Claw Clips (Set of 4)', motif: 'hair-clip', options: 3000, weight: '80 g',
    description: ['Matte finish, strong grip for thick hair', 'Four colours in one pack'] },
  { key: 'edge-brush-combo', vendor: 'tresses-by-ivie', category: HAIR, name: 'Edge Brush and Rat-Tail Comb', motif: 'comb', options: 1500, weight: '30 g', images: 2,
    description: ['Dual-sided edge brush for laying baby hairs', 'Fine rat-tail comb for clean partings'] },
  { key: 'braiding-extension-pack', vendor: 'tresses-by-ivie', category: HAIR, name: 'X-pression Braiding Extensions', motif: 'wig', options: [['1 pack', 2500], ['3 packs', 7000], ['6 packs', 13500]], weight: '100 g per pack',
    description: ['Pre-stretched, soft ends', 'Colour 1B natural black', 'Enough for medium knotless braids with 6 packs'] },
  { key: 'wide-tooth-comb', vendor: 'crown-hair-store', category: HAIR, name: 'Wide-Tooth Detangling Comb', motif: 'comb', options: 1200, weight: '35 g', images: 1,
    description: ['Seamless teeth for natural hair', 'Reduces breakage on wash day'] },
  { key: 'afro-pick-comb', vendor: 'crown-hair-store', category: HAIR, name: 'Afro Pick Comb', motif: 'comb', options: [['Black', 1000], ['Gold', 1500]], weight: '40 g',
    description: ['Long metal teeth for volume', 'Fist handle grip'] },
  { key: 'pearl-hair-clips', vendor: 'crown-hair-store', category: HAIR, name: 'Pearl Hair Clips (6 pieces)', motif: 'hair-clip', options: 2000, offer: 1500, weight: '30 g',
    description: ['Faux-pearl snap clips for owambe styles', 'Gold-tone metal base'] },
  { key: 'hair-band-velvet', vendor: 'crown-hair-store', category: HAIR, name: 'Velvet Padded Headband', motif: 'hair-clip', options: [['Black', 2500], ['Wine', 2500], ['Emerald', 2500]], weight: '45 g', out: true,
    description: ['Padded velvet band, soft on the temples', 'Dresses up a simple ponytail'] },
  { key: 'closure-wig-bob', vendor: 'crown-hair-store', category: HAIR, name: 'Bob Closure Wig 10"', motif: 'wig', options: 48000, weight: '180 g', images: 4,
    description: ['Blunt-cut bob with 5x5 closure', 'Human hair blend, low maintenance', 'Fits most head sizes'] },
  { key: 'hair-growth-oil', vendor: 'crown-hair-store', category: HAIR, name: 'Rosemary Hair Growth Oil', motif: 'perfume', options: [['60 ml', 3500], ['120 ml', 6000]], weight: '60 ml',
    description: ['Rosemary, castor and peppermint oils', 'Massage into the scalp three times a week', 'For edges and thinning spots'] },

  // ── Fashion and accessories ──────────────────────────────────────────
  { key: 'ankara-midi-dress', vendor: 'ugbowo-threads', category: FASHION, name: 'Ankara Midi Dress', motif: 'dress', options: [['Size 8', 18000], ['Size 10', 18000], ['Size 12', 18500], ['Size 14', 19000]], weight: null, images: 4,
    description: ['Bold Ankara print, fully lined', 'Puff sleeves and side pockets', 'Made by tailors in Ugbowo'] },
  { key: 'bodycon-dress', vendor: 'ugbowo-threads', category: FASHION, name: 'Ribbed Bodycon Dress', motif: 'dress', options: [['S', 9500, 7500], ['M', 9500, 7500], ['L', 9500, 7500]], weight: null,
    description: ['Stretchy ribbed knit', 'Knee length, fits for class or a night out'] },
  { key: 'uniben-tshirt', vendor: 'ugbowo-threads', category: FASHION, name: 'UNIBEN Varsity T-Shirt', motif: 't-shirt', options: [['M', 7000], ['L', 7000], ['XL', 7500]], weight: '180 g', images: 4,
    description: ['100% cotton, heavyweight', 'Screen-printed varsity lettering', 'Perfect for faculty week'] },
  { key: 'plain-oversized-tee', vendor: 'ugbowo-threads', category: FASHION, name: 'Oversized Plain Tee', motif: 't-shirt', options: [['Black', 5500], ['White', 5500], ['Brown', 5500]], weight: '200 g',
    description: ['Boxy, dropped-shoulder fit', 'Breathable cotton for Benin heat'] },
  { key: 'senator-kaftan', vendor: 'ugbowo-threads', category: FASHION, name: "Men's Senator Kaftan", motif: 't-shirt', options: [['M', 25000], ['L', 25000], ['XL', 26500]], weight: null, out: true,
    description: ['Tailored senator top and trousers set', 'Quality cashmere fabric', 'Ready in 48 hours for your size'] },
  { key: 'leather-tote-bag', vendor: 'ugbowo-threads', category: FASHION, name: 'Leather Tote Bag', motif: 'bag', options: [['Black', 22000], ['Tan', 22000]], weight: '650 g', images: 4,
    description: ['Fits a 14-inch laptop and notes', 'Zipped inner pocket', 'Sturdy handles and shoulder strap'] },
  { key: 'mini-crossbody-bag', vendor: 'ugbowo-threads', category: FASHION, name: 'Mini Crossbody Bag', motif: 'bag', options: 12000, offer: 9900, weight: '300 g',
    description: ['Holds phone, cards and lipstick', 'Adjustable chain strap'] },
  { key: 'beaded-bracelet-set', vendor: 'ugbowo-threads', category: FASHION, name: 'Coral Bead Bracelet Set', motif: 'watch', options: 4500, weight: '30 g', images: 2,
    description: ['Edo-inspired coral-colour beads', 'Set of three stretch bracelets'] },
  { key: 'cargo-pants', vendor: 'campus-drip', category: FASHION, name: 'Cargo Pants', motif: 't-shirt', options: [['30', 15000], ['32', 15000], ['34', 15000], ['36', 16000]], weight: null,
    description: ['Relaxed fit with six pockets', 'Thick cotton twill', 'Black, khaki or olive on request'] },
  { key: 'graphic-hoodie', vendor: 'campus-drip', category: FASHION, name: 'Graphic Hoodie', motif: 't-shirt', options: [['M', 17500, 14000], ['L', 17500, 14000], ['XL', 18500, 15000]], weight: '450 g', images: 4,
    description: ['Fleece-lined for harmattan mornings', 'Front kangaroo pocket', 'Puff-print graphic'] },
  { key: 'mens-wristwatch', vendor: 'campus-drip', category: FASHION, name: "Men's Chronograph Wristwatch", motif: 'watch', options: [['Silver', 28000], ['Black', 28000], ['Gold', 30000]], weight: '140 g', images: 4,
    description: ['Stainless steel case and bracelet', 'Water resistant to 30 m', 'Comes in a gift box'] },
  { key: 'ladies-wristwatch', vendor: 'campus-drip', category: FASHION, name: "Ladies' Rose Gold Watch", motif: 'watch', options: 19500, weight: '80 g',
    description: ['Slim rose-gold mesh strap', 'Quartz movement, 1-year battery'] },
  { key: 'backpack-laptop', vendor: 'campus-drip', category: FASHION, name: 'Laptop Backpack', motif: 'bag', options: [['Black', 21000], ['Grey', 21000]], weight: '800 g',
    description: ['Padded 15.6-inch laptop sleeve', 'USB charging port on the side', 'Water-resistant fabric for rainy season'] },
  { key: 'bucket-hat', vendor: 'campus-drip', category: FASHION, name: 'Denim Bucket Hat', motif: 'cap', options: 6000, weight: '90 g', images: 2, out: true,
    description: ['Washed denim, one size fits most', 'Keeps the sun off between lectures'] },
  { key: 'sunglasses-retro', vendor: 'campus-drip', category: FASHION, name: 'Retro Sunglasses', motif: 'sunglasses', options: [['Black frame', 5000], ['Tortoise frame', 5500]], weight: '35 g',
    description: ['UV400 protection', 'Comes with a soft pouch'] },
  { key: 'slip-dress-satin', vendor: 'campus-drip', category: FASHION, name: 'Satin Slip Dress', motif: 'dress', options: [['S', 13500], ['M', 13500], ['L', 14000]], weight: null,
    description: ['Silky satin with adjustable straps', 'Midi length, bias cut'] },

  // ── Shoes ────────────────────────────────────────────────────────────
  { key: 'white-sneakers', vendor: 'kickz-plug', category: SHOES, name: 'Classic White Sneakers', motif: 'sneaker', options: [['40', 25000], ['41', 25000], ['42', 25000], ['43', 26000]], weight: '900 g', images: 4,
    description: ['Clean all-white low-tops', 'Cushioned insole for long walks across campus', 'Easy to wipe clean'] },
  { key: 'running-sneakers', vendor: 'kickz-plug', category: SHOES, name: 'Mesh Running Sneakers', motif: 'sneaker', options: [['41', 22000, 18500], ['42', 22000, 18500], ['43', 22000, 18500], ['44', 22000, 18500]], weight: '700 g',
    description: ['Breathable mesh upper', 'Light foam sole for the sports complex track'] },
  { key: 'high-top-sneakers', vendor: 'kickz-plug', category: SHOES, name: 'High-Top Canvas Sneakers', motif: 'sneaker', options: [['40', 15000], ['42', 15000], ['44', 15500]], weight: '850 g',
    description: ['Classic canvas high-tops', 'Rubber toe cap and vulcanised sole'] },
  { key: 'palm-slides', vendor: 'kickz-plug', category: SHOES, name: 'Unisex Palm Slides', motif: 'sandal', options: [['41', 7500], ['42', 7500], ['43', 7500], ['44', 7500]], weight: '400 g', images: 2,
    description: ['Soft moulded footbed', 'Ideal for hostel and hall movement'] },
  { key: 'chunky-sneakers', vendor: 'kickz-plug', category: SHOES, name: 'Chunky Dad Sneakers', motif: 'sneaker', options: [['38', 28000], ['40', 28000], ['42', 28500]], weight: '1 kg', out: true,
    description: ['Layered chunky sole', 'Multi-tone leather and mesh upper'] },
  { key: 'leather-loafers', vendor: 'kickz-plug', category: SHOES, name: "Men's Leather Loafers", motif: 'heel', options: [['41', 32000], ['42', 32000], ['43', 32000], ['44', 33000]], weight: '950 g',
    description: ['Genuine leather, hand-stitched in Aba', 'Great for presentations and defence day'] },
  { key: 'block-heels', vendor: 'step-right-footwear', category: SHOES, name: 'Block Heel Sandals', motif: 'heel', options: [['37', 16500], ['38', 16500], ['39', 16500], ['40', 16500]], weight: '600 g', images: 4,
    description: ['3-inch block heel, easy to walk in', 'Buckled ankle strap'] },
  { key: 'stiletto-pumps', vendor: 'step-right-footwear', category: SHOES, name: 'Pointed Stiletto Pumps', motif: 'heel', options: [['37', 19000, 16000], ['38', 19000, 16000], ['39', 19000, 16000]], weight: '550 g',
    description: ['Patent finish, 4-inch heel', 'Padded insole for events and dinners'] },
  { key: 'flat-sandals', vendor: 'step-right-footwear', category: SHOES, name: 'Leather Flat Sandals', motif: 'sandal', options: [['37', 8500], ['39', 8500], ['41', 8500]], weight: '350 g',
    description: ['Handmade leather straps', 'Light and comfortable for daily lectures'] },
  { key: 'mens-palm-sandals', vendor: 'step-right-footwear', category: SHOES, name: "Men's Leather Palm Sandals", motif: 'sandal', options: [['42', 12000], ['43', 12000], ['44', 12000], ['45', 12500]], weight: '500 g',
    description: ['Hand-crafted leather palm', 'Pairs with native wear and shorts'] },
  { key: 'canvas-slip-on', vendor: 'step-right-footwear', category: SHOES, name: 'Canvas Slip-On Shoes', motif: 'sneaker', options: 9000, offer: 7500, weight: '500 g', images: 2,
    description: ['No laces, quick to wear', 'Breathable canvas, rubber sole'] },
  { key: 'wedge-sandals', vendor: 'step-right-footwear', category: SHOES, name: 'Cork Wedge Sandals', motif: 'heel', options: [['38', 14000], ['39', 14000], ['40', 14000]], weight: '650 g',
    description: ['Cork-look wedge, 3 inches', 'Cross straps with soft lining'] },

  // ── Cosmetics ────────────────────────────────────────────────────────
  { key: 'matte-lipstick', vendor: 'glow-up-cosmetics', category: COSMETICS, name: 'Matte Liquid Lipstick', motif: 'lipstick', options: [['Ruby Red', 3500], ['Nude Brown', 3500], ['Berry', 3500], ['Coral', 3500]], weight: '5 ml', images: 4,
    description: ['Long-wear matte finish', 'Transfer-proof, lasts through lunch', 'Shades made for melanin'] },
  { key: 'lip-gloss-trio', vendor: 'glow-up-cosmetics', category: COSMETICS, name: 'Lip Gloss Trio', motif: 'lipstick', options: 5000, offer: 4000, weight: '3 x 6 ml',
    description: ['Clear, pink and gold shimmer glosses', 'Non-sticky, vitamin E enriched'] },
  { key: 'foundation-fit-me', vendor: 'glow-up-cosmetics', category: COSMETICS, name: 'Matte Foundation 30ml', motif: 'cream-jar', options: [['Shade 330', 9500], ['Shade 355', 9500], ['Shade 360', 9500]], weight: '30 ml',
    description: ['Oil-control formula for humid weather', 'Medium to full coverage', 'Shades for deep skin tones'] },
  { key: 'setting-powder', vendor: 'glow-up-cosmetics', category: COSMETICS, name: 'Translucent Setting Powder', motif: 'cream-jar', options: 6500, weight: '20 g', out: true,
    description: ['Locks make-up for up to 12 hours', 'No flashback in photos'] },
  { key: 'body-splash', vendor: 'glow-up-cosmetics', category: COSMETICS, name: 'Vanilla Body Splash', motif: 'perfume', options: [['100 ml', 4500], ['250 ml', 8500]], weight: '250 ml',
    description: ['Sweet vanilla and coconut scent', 'Light mist, layer it after your bath'] },
  { key: 'oud-perfume', vendor: 'glow-up-cosmetics', category: COSMETICS, name: 'Arabian Oud Perfume 100ml', motif: 'perfume', options: 18000, offer: 15000, weight: '100 ml', images: 4,
    description: ['Long-lasting eau de parfum', 'Warm oud, amber and rose notes', 'Unisex'] },
  { key: 'shea-butter-jar', vendor: 'naturals-by-ehi', category: COSMETICS, name: 'Raw Shea Butter', motif: 'cream-jar', options: [['250 g', 2500], ['500 g', 4500]], weight: '500 g',
    description: ['Unrefined shea butter from northern Nigeria', 'Moisturises skin and seals hair ends', 'Whipped fresh every week'] },
  { key: 'black-soap', vendor: 'naturals-by-ehi', category: COSMETICS, name: 'African Black Soap', motif: 'cream-jar', options: [['200 g', 2000], ['500 g', 4000]], weight: '500 g',
    description: ['Traditional ose dudu with plantain ash', 'Helps with acne and oily skin'] },
  { key: 'glow-body-lotion', vendor: 'naturals-by-ehi', category: COSMETICS, name: 'Glow Body Lotion', motif: 'lotion-bottle', options: [['200 ml', 5500], ['400 ml', 9500, 8000]], weight: '400 ml', images: 4,
    description: ['Cocoa butter and vitamin C', 'Evens tone without bleaching', 'Non-greasy, absorbs fast'] },
  { key: 'coconut-oil', vendor: 'naturals-by-ehi', category: COSMETICS, name: 'Cold-Pressed Coconut Oil', motif: 'lotion-bottle', options: 3500, weight: '250 ml',
    description: ['Virgin coconut oil for skin, hair and cooking', 'Pressed in small batches'] },
  { key: 'lip-balm-shea', vendor: 'naturals-by-ehi', category: COSMETICS, name: 'Shea Lip Balm', motif: 'lipstick', options: 1500, weight: '5 g', images: 1,
    description: ['Shea and beeswax, unscented', 'Fixes dry lips in harmattan'] },
  { key: 'face-serum', vendor: 'naturals-by-ehi', category: COSMETICS, name: 'Niacinamide Face Serum', motif: 'perfume', options: 7500, weight: '30 ml',
    description: ['10% niacinamide with zinc', 'Fades dark spots and controls shine'] },

  // ── Food ─────────────────────────────────────────────────────────────
  { key: 'jollof-rice-chicken', vendor: 'mama-osas-kitchen', category: FOOD, name: 'Jollof Rice and Chicken', motif: 'jollof-plate', options: [['With chicken', 2800], ['With beef', 2300], ['With fish', 2500]], weight: null, images: 4,
    description: ['Smoky party jollof cooked with firewood', 'Served with fried plantain (dodo) and coleslaw', 'Add extra meat at the counter'] },
  { key: 'ofada-rice-ayamase', vendor: 'mama-osas-kitchen', category: FOOD, name: 'Ofada Rice and Ayamase Sauce', motif: 'jollof-plate', options: 3000, weight: null,
    description: ['Local ofada rice with green pepper ayamase', 'Comes with boiled egg and assorted meat'] },
  { key: 'pounded-yam-egusi', vendor: 'mama-osas-kitchen', category: FOOD, name: 'Pounded Yam and Egusi Soup', motif: 'jollof-plate', options: [['With beef', 2800], ['With goat meat', 3300], ['With fish', 3000]], weight: null,
    description: ['Fresh pounded yam, two wraps', 'Egusi soup with ugu and stockfish'] },
  { key: 'white-rice-stew', vendor: 'mama-osas-kitchen', category: FOOD, name: 'White Rice, Beans and Stew', motif: 'fried-rice', options: 1800, offer: 1500, weight: null,
    description: ['Student special: rice, beans and tomato stew', 'Includes one piece of beef'] },
  { key: 'beef-shawarma', vendor: 'shawarma-republic', category: FOOD, name: 'Beef Shawarma', motif: 'shawarma', options: [['Regular', 3000], ['Jumbo (2 sausages)', 4200]], weight: null, images: 4,
    description: ['Grilled beef, cabbage, carrots and creamy sauce', 'Wrapped in toasted pita bread'] },
  { key: 'chicken-shawarma', vendor: 'shawarma-republic', category: FOOD, name: 'Chicken Shawarma', motif: 'shawarma', options: [['Regular', 3200, 2800], ['Jumbo (2 sausages)', 4500, 4000]], weight: null,
    description: ['Spiced chicken strips with hot sauce', 'Extra sausage on the jumbo'] },
  { key: 'beef-burger', vendor: 'shawarma-republic', category: FOOD, name: 'Classic Beef Burger', motif: 'burger', options: [['Single patty', 3500], ['Double patty', 5000]], weight: null,
    description: ['Flame-grilled beef patty with cheese', 'Lettuce, tomato and our house sauce', 'Fries on the side'] },
  { key: 'chicken-fries-combo', vendor: 'shawarma-republic', category: FOOD, name: 'Chicken and Chips Combo', motif: 'small-chops', options: 4000, weight: null, out: true,
    description: ['Two pieces of crispy fried chicken', 'Chips and a 35cl drink'] },
  { key: 'small-chops-pack', vendor: 'chops-and-bites', category: FOOD, name: 'Small Chops Pack', motif: 'small-chops', options: [['Mini (10 pieces)', 2500], ['Regular (20 pieces)', 4500], ['Party (50 pieces)', 10000]], weight: null, images: 4,
    description: ['Puff-puff, samosa, spring rolls and peppered gizzard', 'Comes with dipping sauce', 'Order the party pack a day ahead'] },
  { key: 'meat-pie', vendor: 'chops-and-bites', category: FOOD, name: 'Meat Pie', motif: 'small-chops', options: [['1 piece', 800], ['4 pieces', 3000]], weight: null,
    description: ['Flaky butter pastry with minced beef and potato', 'Baked fresh every morning'] },
  { key: 'puff-puff', vendor: 'chops-and-bites', category: FOOD, name: 'Puff-Puff (15 balls)', motif: 'small-chops', options: 1000, weight: null, images: 2,
    description: ['Soft, sweet fried dough balls', 'Dusted with sugar on request'] },
  { key: 'peppered-gizzard', vendor: 'chops-and-bites', category: FOOD, name: 'Peppered Gizzard', motif: 'suya', options: 2500, offer: 2000, weight: '250 g',
    description: ['Fried gizzard in spicy pepper sauce', 'Perfect with a cold drink'] },
  { key: 'beef-suya', vendor: 'mallam-sani-suya', category: FOOD, name: 'Beef Suya', motif: 'suya', options: [['₦1,500 wrap', 1500], ['₦3,000 wrap', 3000], ['₦5,000 wrap', 5000]], weight: null, images: 4,
    description: ['Thin-sliced beef grilled over charcoal', 'Yaji pepper, onions and tomatoes', 'Wrapped in old newspaper the proper way'] },
  { key: 'chicken-suya', vendor: 'mallam-sani-suya', category: FOOD, name: 'Chicken Suya', motif: 'suya', options: 3500, weight: null,
    description: ['Whole chicken pieces on skewers', 'Medium or extra spicy yaji'] },
  { key: 'kilishi', vendor: 'mallam-sani-suya', category: FOOD, name: 'Kilishi (Dried Spiced Beef)', motif: 'suya', options: [['100 g', 3000], ['250 g', 7000]], weight: '250 g',
    description: ['Sun-dried beef jerky from Kano', 'Keeps for weeks, a great exam snack'] },
  { key: 'zobo-drink', vendor: 'zobo-smoothie-bar', category: FOOD, name: 'Chilled Zobo Drink', motif: 'drink-bottle', options: [['50 cl', 700], ['1 litre', 1300]], weight: null,
    description: ['Hibiscus with ginger, cloves and pineapple', 'No added colouring, served cold'] },
  { key: 'tiger-nut-kunu', vendor: 'zobo-smoothie-bar', category: FOOD, name: 'Tiger Nut Drink (Kunun Aya)', motif: 'drink-bottle', options: [['50 cl', 1000], ['1 litre', 1800]], weight: null,
    description: ['Creamy tiger nut, dates and coconut', 'Naturally sweet, no sugar added'] },
  { key: 'fruit-smoothie', vendor: 'zobo-smoothie-bar', category: FOOD, name: 'Fresh Fruit Smoothie', motif: 'drink-bottle', options: [['Mango-pineapple', 2500], ['Banana-strawberry', 2800], ['Watermelon-ginger', 2300]], weight: '50 cl', images: 4,
    description: ['Blended to order with real fruit', 'Yoghurt base, no ice dilution'] },
  { key: 'parfait-cup', vendor: 'zobo-smoothie-bar', category: FOOD, name: 'Yoghurt Parfait Cup', motif: 'cake', options: 3000, offer: 2500, weight: '350 g',
    description: ['Greek-style yoghurt, granola and fruit', 'Drizzled with honey'] },
  { key: 'chinese-fried-rice', vendor: 'food-court-express', category: FOOD, name: 'Fried Rice and Turkey', motif: 'fried-rice', options: [['With chicken', 2700], ['With turkey', 3500]], weight: null, images: 4,
    description: ['Nigerian fried rice with liver and veggies', 'Fried plantain on the side'] },
  { key: 'spaghetti-jollof', vendor: 'food-court-express', category: FOOD, name: 'Jollof Spaghetti', motif: 'jollof-plate', options: 2000, weight: null,
    description: ['Spaghetti cooked in pepper and tomato base', 'With sausage and fried egg'] },
  { key: 'yam-porridge', vendor: 'food-court-express', category: FOOD, name: 'Yam Porridge (Asaro)', motif: 'fried-rice', options: 2200, weight: null,
    description: ['Yam pottage with palm oil and smoked fish', 'Topped with ugu leaves'] },
  { key: 'indomie-egg', vendor: 'food-court-express', category: FOOD, name: 'Indomie and Fried Egg', motif: 'fried-rice', options: [['1 pack + egg', 1200], ['2 packs + 2 eggs', 2200]], weight: null, images: 2,
    description: ['The hostel classic, done properly', 'With pepper, onions and vegetables'] },
  { key: 'red-velvet-cake', vendor: 'sweet-crumbs-bakery', category: FOOD, name: 'Red Velvet Cake', motif: 'cake', options: [['Slice', 2000], ['6-inch cake', 18000], ['8-inch cake', 28000, 25000]], weight: null, images: 4,
    description: ['Moist red velvet with cream cheese frosting', 'Birthday message free on whole cakes', 'Order whole cakes 24 hours ahead'] },
  { key: 'chocolate-cake-slice', vendor: 'sweet-crumbs-bakery', category: FOOD, name: 'Chocolate Fudge Cake', motif: 'cake', options: [['Slice', 2200], ['6-inch cake', 20000]], weight: null,
    description: ['Rich cocoa sponge with fudge frosting', 'Great for surprise hostel birthdays'] },
  { key: 'doughnuts-box', vendor: 'sweet-crumbs-bakery', category: FOOD, name: 'Glazed Doughnuts (Box of 6)', motif: 'cake', options: 4500, weight: null, out: true,
    description: ['Soft yeast doughnuts', 'Sugar, chocolate and sprinkle glazes'] },
  { key: 'banana-bread', vendor: 'sweet-crumbs-bakery', category: FOOD, name: 'Banana Bread Loaf', motif: 'cake', options: 5000, weight: '600 g', images: 2,
    description: ['Made with ripe bananas and walnuts', 'Stays moist for three days'] },
];

export const SEED_PRODUCTS: SeedProduct[] = SPECS.map(build);
