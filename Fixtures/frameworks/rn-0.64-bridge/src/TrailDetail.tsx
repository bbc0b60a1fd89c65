import React from 'react';
import {Text, View} from 'react-native';

export default function TrailDetail({route}: any) {
  const {id, units} = route.params;
  return (
    <View style={{padding: 16}}>
      <Text>Trail {id}</Text>
      <Text>Distances in {units === 'imperial' ? 'miles' : 'kilometres'}</Text>
    </View>
  );
}
