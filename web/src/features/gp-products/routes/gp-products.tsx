import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import 'dayjs/locale/zh-cn';
import { DatesProvider } from '@mantine/dates';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { useGpProductsLocales } from '@/features/gp-products/locales';
import { useProductPageLocales } from '@/features/products';
import { useLang } from '@/i18n/use-lang';
import { NewProductPage } from './new-product-page';
import { ProductListPage } from './product-list-page';
import { ProductPage } from './product-page';

/** The console's product screens (loaded on demand with the console's "Products" section). */
const GpProducts = () => {
  useProductPageLocales();
  useGpProductsLocales();
  const lang = useLang();
  return (
    <DatesProvider settings={{ locale: lang === 'zh-CN' ? 'zh-cn' : 'en' }}>
      <Routes>
        <Route index element={<ProductListPage />} />
        <Route path="new" element={<NewProductPage />} />
        <Route path=":productId/*" element={<ProductPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </DatesProvider>
  );
};
export default GpProducts;
