import React from 'react';
import {Text, View} from 'react-native';

export default function Shelf() {
  return (
    <View style={{padding: 16}}>
      <Text>This month's book club picks</Text>
    </View>
  );
}
