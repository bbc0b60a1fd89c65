import React from 'react';
import {Text, View} from 'react-native';

export default function BoxList() {
  return (
    <View style={{padding: 16}}>
      <Text>This week's fruit boxes</Text>
    </View>
  );
}
