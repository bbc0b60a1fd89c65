import React from 'react';
import {Text, View} from 'react-native';

export default function Scan() {
  return (
    <View style={{padding: 16}}>
      <Text>Point the camera at the locker's QR code.</Text>
    </View>
  );
}
