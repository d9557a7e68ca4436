import { startTestProduct } from './support/product';

// One product for the whole run; tests that need a differently configured product start their own.
export default async function globalSetup() {
  const product = await startTestProduct();
  process.env.ATELIER_URL = product.url;
  return async () => {
    await product.stop();
  };
}
