/** Catalogue answers. Prices in answers are naira numbers (kobo / 100); see docs/decisions/0002. */
export interface ProductOptionDto {
  _id: string;
  name: string;
  price: number;
  offerPrice: number | null;
}

export interface ProductDto {
  _id: string;
  name: string;
  category: string;
  image: string[];
  description: string[];
  vendorId: string;
  inStock: boolean;
  options: ProductOptionDto[];
  weight: string | null;
}

export interface OpeningHours {
  /** 0 = Sunday … 6 = Saturday; "HH:MM" in Africa/Lagos, null = closed that day. */
  [day: string]: { open: string; close: string } | null;
}

export interface VendorDto {
  _id: string;
  businessName: string;
  profilePhoto: string;
  kind: 'food' | 'goods';
  address: string;
  latitude: number;
  longitude: number;
  openingHours: OpeningHours;
  isOpen: boolean;
}

export interface CategoryDto {
  text: string;
  path: string;
  image: string;
  bgColor: string;
}
