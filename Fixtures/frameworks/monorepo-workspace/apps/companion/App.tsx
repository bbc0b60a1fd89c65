import {StatusBar} from 'expo-status-bar';
import React from 'react';
import {Text, View} from 'react-native';

// Couriers see the next pick-up; the list itself comes from @cornerstore/api.
export default function App() {
  return (
    <View style={{flex: 1, alignItems: 'center', justifyContent: 'center'}}>
      <Text>Next pick-up: 14 High Street</Text>
      <StatusBar style="auto" />
    </View>
  );
}
