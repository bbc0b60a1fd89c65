import React from 'react';
import {Text, View} from 'react-native';

export default function Timetable() {
  return (
    <View style={{padding: 16}}>
      <Text>Today's sailings</Text>
    </View>
  );
}
