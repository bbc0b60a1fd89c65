import React from 'react';
import {Text, View} from 'react-native';

export default function Plants({route}: any) {
  return (
    <View style={{padding: 16}}>
      <Text>Your plants</Text>
      {route.params?.careRemindersEnabled ? <Text>Watering reminders on</Text> : null}
    </View>
  );
}
