import React from 'react';
import {Text} from 'react-native';

export default function Sailing({route}: any) {
  return <Text>Sailing {route.params.id}</Text>;
}
