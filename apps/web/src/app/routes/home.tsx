import { HomePage } from '../../features/home';
import { BestSellers, useCategories } from '../../features/catalogue';
import { NewsletterBox } from '../../features/newsletter';

/** Home: the home feature's page around the catalogue's categories and Best Sellers, and the newsletter box. */
export function HomeRoute() {
  const categories = useCategories();
  return (
    <HomePage
      categories={categories.data ?? []}
      categoriesLoading={categories.isPending}
      bestSellers={<BestSellers />}
      newsletter={<NewsletterBox />}
    />
  );
}
