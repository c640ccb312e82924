import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { DEFAULT_OPTION_NAME, MAX_PRODUCT_IMAGES, type SellerProductDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { TextArea, TextField, inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useCategories } from '../api/get-categories';
import { useSellerProducts } from '../api/get-seller-products';
import { useSaveProduct } from '../api/save-product';
import { ImageUpload } from './image-upload';
import { useT, type MessageId } from '../../../i18n';

/** A problem with the form, kept as a message so that it follows a switch of language. */
type Problem = [MessageId<'seller'>, Record<string, unknown>?];

interface OptionRow {
  id?: string;
  name: string;
  price: string;
  offerPrice: string;
}

function Form({ product }: { product: SellerProductDto | null }) {
  const t = useT('seller');
  const navigate = useNavigate();
  const { data: categories } = useCategories();
  const save = useSaveProduct();
  const [name, setName] = useState(product?.name ?? '');
  const [category, setCategory] = useState(product?.category ?? '');
  const [images, setImages] = useState<string[]>(product?.image ?? []);
  const [description, setDescription] = useState((product?.description ?? []).join('\n'));
  const [weight, setWeight] = useState(product?.weight ?? '');
  const [inStock, setInStock] = useState(product?.inStock ?? true);
  const [options, setOptions] = useState<OptionRow[]>(
    product?.options.map((o) => ({
      id: o._id,
      name: o.name,
      price: String(o.price),
      offerPrice: o.offerPrice === null ? '' : String(o.offerPrice),
    })) ?? [{ name: '', price: '', offerPrice: '' }],
  );
  const [errors, setErrors] = useState<Problem[]>([]);
  const single = options.length === 1;

  const setOption = (i: number, patch: Partial<OptionRow>) =>
    setOptions(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Problem[] = [];
    if (!name.trim()) errs.push(['seller.product.nameRequired']);
    if (!category) errs.push(['seller.product.categoryRequired']);
    if (!images.length) errs.push(['seller.product.imageRequired']);
    const parsed = options.map((o) => ({
      id: o.id,
      name: single ? DEFAULT_OPTION_NAME : o.name.trim(),
      price: Number(o.price),
      offerPrice: o.offerPrice.trim() === '' ? null : Number(o.offerPrice),
    }));
    parsed.forEach((o, i) => {
      const number = { number: i + 1 };
      if (!(o.price > 0)) errs.push(['seller.product.priceRequired', number]);
      if (o.offerPrice !== null && !(o.offerPrice > 0 && o.offerPrice < o.price))
        errs.push(['seller.product.offerTooHigh', number]);
      if (!single && !o.name) errs.push(['seller.product.optionNameRequired', number]);
    });
    setErrors(errs);
    if (errs.length) return;
    try {
      await save.mutateAsync({
        id: product?._id,
        body: {
          name: name.trim(),
          category,
          images,
          weight: weight.trim() || null,
          inStock,
          description: description
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
          options: parsed,
        },
      });
      toast.success(product ? t('seller.product.saved') : t('seller.product.added'));
      void navigate('..', { relative: 'path' });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <h2 className="text-xl font-bold">
        {product ? t('seller.products.editName', { name: product.name }) : t('seller.product.new')}
      </h2>
      <TextField
        label={t('seller.product.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={120}
        required
      />
      <div>
        <label htmlFor="product-category" className="mb-1.5 block text-sm font-medium text-stone-800">
          {t('seller.product.category')}
        </label>
        <select
          id="product-category"
          className={inputClass}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          required
        >
          <option value="">{t('seller.product.chooseCategory')}</option>
          {categories?.map((c) => (
            <option key={c.path} value={c.path}>
              {c.text}
            </option>
          ))}
        </select>
      </div>
      <ImageUpload
        kind="product"
        label={t('seller.product.images', { max: MAX_PRODUCT_IMAGES })}
        urls={images}
        max={MAX_PRODUCT_IMAGES}
        onChange={setImages}
      />
      <TextArea
        label={t('seller.product.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TextField
        label={t('seller.product.weight')}
        value={weight}
        onChange={(e) => setWeight(e.target.value)}
        placeholder={t('seller.product.weightExample')}
        maxLength={40}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">{t('seller.product.options')}</legend>
        {single && <p className="text-sm text-stone-600">{t('seller.product.singleOption')}</p>}
        {options.map((o, i) => (
          <div
            key={o.id ?? `new-${i}`}
            className="grid grid-cols-2 gap-2 rounded-xl border border-stone-200 bg-white p-3 sm:grid-cols-[1fr_8rem_8rem_auto]"
          >
            {!single && (
              <TextField
                label={t('seller.product.optionName', { number: i + 1 })}
                value={o.name}
                onChange={(e) => setOption(i, { name: e.target.value })}
                maxLength={60}
                className="col-span-2 sm:col-span-1"
              />
            )}
            <TextField
              label={t('seller.product.price')}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              value={o.price}
              onChange={(e) => setOption(i, { price: e.target.value })}
              className={single ? 'sm:col-start-2' : ''}
            />
            <TextField
              label={t('seller.product.offerPrice')}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              value={o.offerPrice}
              onChange={(e) => setOption(i, { offerPrice: e.target.value })}
            />
            {!single && (
              <Button
                variant="ghost"
                size="sm"
                className="self-end text-red-700"
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
                aria-label={t('seller.product.removeOption', { number: i + 1 })}
              >
                {t('seller.product.remove')}
              </Button>
            )}
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOptions([...options, { name: '', price: '', offerPrice: '' }])}
          disabled={options.length >= 10}
        >
          {t('seller.product.addOption')}
        </Button>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={inStock}
          onChange={(e) => setInStock(e.target.checked)}
        />{' '}
        {t('seller.product.inStock')}
      </label>
      {errors.length > 0 && (
        <ul className="list-disc space-y-0.5 rounded-xl bg-red-50 p-3 pl-8 text-sm text-red-800" aria-live="polite">
          {errors.map((e) => {
            const message = t(...e);
            return <li key={message}>{message}</li>;
          })}
        </ul>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('seller.product.saving') : t('seller.product.save')}
        </Button>
        <Button variant="ghost" onClick={() => navigate('..', { relative: 'path' })}>
          {t('seller.product.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** /seller/products/new and /seller/products/:productId */
export function ProductFormScreen() {
  const t = useT('seller');
  const { productId } = useParams();
  const { data, isPending } = useSellerProducts('');
  if (!productId || productId === 'new') return <Form product={null} />;
  if (isPending) return <Skeleton className="h-96" />;
  const product = data?.find((p) => p._id === productId);
  if (!product) return <p>{t('seller.product.notFound')}</p>;
  return <Form key={product._id} product={product} />;
}
