import React from 'react';
import {SafeAreaView} from 'react-native';
import LostAndFound from './src/LostAndFound';

export default function App() {
  return (
    <SafeAreaView style={{flex: 1}}>
      <LostAndFound />
    </SafeAreaView>
  );
}
