import React from 'react';
import {Text, View} from 'react-native';

export default function LostAndFound() {
  return (
    <View style={{padding: 16}}>
      <Text>Items handed in near you</Text>
    </View>
  );
}
