export {PriceTag} from './PriceTag';
