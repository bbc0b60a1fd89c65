import React from 'react';
import {Text, View} from 'react-native';

export default function Stations({route}: any) {
  return (
    <View style={{padding: 16}}>
      <Text>Your stations</Text>
      {route.params?.tideAlertsEnabled ? <Text>Watering reminders on</Text> : null}
    </View>
  );
}
