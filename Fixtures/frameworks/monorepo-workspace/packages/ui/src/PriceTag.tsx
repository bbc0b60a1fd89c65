import React from 'react';
import {Text} from 'react-native';

export function PriceTag({pence}: {pence: number}) {
  return <Text style={{fontVariant: ['tabular-nums']}}>£{(pence / 100).toFixed(2)}</Text>;
}
