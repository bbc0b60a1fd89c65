import React from 'react';
import {SafeAreaProvider} from 'react-native-safe-area-context';
import BerthBoard from './src/BerthBoard';

export default function App() {
  return (
    <SafeAreaProvider>
      <BerthBoard />
    </SafeAreaProvider>
  );
}
